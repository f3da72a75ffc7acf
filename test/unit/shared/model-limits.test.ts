import * as z from 'zod';
import { MODEL_SOURCES } from '../../../lambdas/shared/ai/model-cards';
import { FALLBACKS, MODELS, MODEL_PURPOSES, ROUTES, type ModelPurpose } from '../../../lambdas/shared/ai/model-table';
import { prompts, renderPrompt } from '../../../lambdas/shared/ai/prompts';
import { LESSON_WORDS } from '../../../lambdas/shared/ai/prompts/shared';

// Bedrock refuses a request whose maxTokens exceeds the model's maximum output, or whose input
// plus maxTokens exceeds its context window (a ValidationException, and the local Bedrock refuses
// it the same way). Every prompt is checked here against every model it may be sent to: its
// routed model and its purpose's fallbacks.

const tokens = (value: unknown) => Math.ceil((typeof value === 'string' ? value : JSON.stringify(value)).length / 4);

/** What a typical request carries besides the prompt's own text, in characters of JSON data. */
const TYPICAL_DATA_CHARS: Record<ModelPurpose, number> = {
  suggestions: 1_500,
  outline: 3_000,
  lesson: 6_000,
  // A module's lessons (up to six of 1,500 words) are what its questions are written from.
  evaluation: 60_000,
  verifier: 30_000,
  // The lesson the learner is on and the recent conversation.
  tutor: 30_000,
  diplomado: 6_000,
};

const inputOf = (purpose: ModelPurpose) => {
  const spec = prompts[purpose];
  const schema = z.toJSONSchema(spec.schema, { target: 'draft-7', io: 'input' });
  const data = { relleno: 'x'.repeat(TYPICAL_DATA_CHARS[purpose]) };
  return tokens(spec.system) + tokens({ name: spec.tool, description: spec.toolDescription, schema }) + tokens(renderPrompt(spec, data));
};

const targets = MODEL_PURPOSES.flatMap((purpose) => [ROUTES[purpose], ...FALLBACKS[purpose]].map((model) => [purpose, model] as const));

describe('every prompt against every model it may be sent to', () => {
  it.each(targets)('%s → %s: maxTokens within the model\'s maximum output', (purpose, model) => {
    expect(MODELS[model]).toBeDefined();
    expect(prompts[purpose].maxTokens).toBeLessThanOrEqual(MODELS[model].maxOutputTokens);
  });

  it.each(targets)('%s → %s: a typical input plus maxTokens within the context window', (purpose, model) => {
    expect(inputOf(purpose) + prompts[purpose].maxTokens).toBeLessThanOrEqual(MODELS[model].contextTokens);
  });

  it('fits the longest lesson asked for in one answer: 1,500 words of Spanish, about 1.6 tokens a word, plus the sections\' JSON', () => {
    const longest = Math.max(...Object.values(LESSON_WORDS).map(([, max]) => max));
    expect(Math.ceil(longest * 1.6 * 1.25)).toBeLessThanOrEqual(prompts.lesson.maxTokens);
  });
});

describe('the model table\'s figures', () => {
  it('name where each model\'s limits and price come from', () => {
    for (const id of Object.keys(MODELS)) expect(MODEL_SOURCES[id]?.card).toMatch(/^https:\/\/docs\.aws\.amazon\.com\/bedrock\//);
  });

  it('hold Nova Lite to its AWS model card: 5K output, 300K context', () => {
    expect(MODELS['amazon.nova-lite-v1:0']).toMatchObject({ maxOutputTokens: 5000, contextTokens: 300_000 });
  });

  it('keep the verifier\'s fallback out of the question writer\'s family', () => {
    for (const model of FALLBACKS.verifier) expect(MODELS[model].provider).not.toBe(MODELS[ROUTES.evaluation].provider);
  });
});
