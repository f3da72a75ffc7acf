import { MODEL_SOURCES, READ_ON } from '../../../lambdas/shared/ai/model-cards';
import { FALLBACKS, MODEL_PURPOSES, ROUTES } from '../../../lambdas/shared/ai/model-table';

// A model past its Bedrock end of life refuses every call: routing or falling back to it would fail
// the purpose exactly when it is needed (Claude 3 Haiku, the verifier's fallback until its card's
// EOL date, 2026-09-10, was read).

const expired = (model: string) => {
  const eol = MODEL_SOURCES[model]?.endOfLife;
  return eol !== undefined && eol <= READ_ON;
};

describe('the model table and the models\' end of life', () => {
  it.each(MODEL_PURPOSES)('routes %s, and falls it back, only to models not past their end of life', (purpose) => {
    expect([ROUTES[purpose], ...FALLBACKS[purpose]].filter(expired)).toEqual([]);
  });

  it('knows a model past its end of life when its card says so', () => {
    expect(expired('anthropic.claude-3-haiku-20240307-v1:0')).toBe(true);
    expect(expired('anthropic.claude-haiku-4-5-20251001-v1:0')).toBe(false);
  });
});
