import { MODELS, MODEL_PURPOSES, ROUTES, assertModelsOffered, costUsd, familyOf, modelIdFor, modelTimeMs } from '../../../lambdas/shared/ai/model-table';
import { modelIdsFromEnv } from '../../../lambdas/shared/ai/models';
import { BANK_BATCH, BANK_SIZE } from '../../../lambdas/evaluations/question-bank';

// One table routes every purpose to a model, prices it and paces the local endpoint.

describe('the model table', () => {
  it('routes every purpose to a priced, timed model', () => {
    for (const purpose of MODEL_PURPOSES) expect(MODELS[ROUTES[purpose]]).toMatchObject({ inputUsdPerM: expect.any(Number), ttftMs: expect.any(Number) });
  });

  // A 5 × 4 course as `npm run bench realistic-model` measured it (docs/pipeline.md "Cost"): per
  // call, an outline ≈ 800 in + 1,900 out, a lesson ≈ 1,400 + 3,000 at the prompt's length, a
  // question batch of eight ≈ 5,200 + 1,700 (its ≈ 4,000 tokens of lessons read from the prompt cache from
  // the module's second batch on), a blind verifier batch of eight ≈ 2,000 + 300 in its text format; a
  // module's bank is BANK_SIZE questions in batches of BANK_BATCH, each batch verified. Issue 42:
  // BANK_BATCH is four: a batch writes ≈ 850, and the verifier reads ≈ 1,300 + 160 (the bench: 1,460 +
  // 108 against 2,322 + 206 for eight). Priced as production calls them, eu-west-1. Issue 33: at most
  // $0.06 a course; the verifier on Claude Haiku 4.5 as a tool call made it $0.1685 (2026-11-25).
  it('keeps a 5 × 4 course at eu-west-1 list prices within $0.06, the verifier no longer most of it', () => {
    const perModule = Math.ceil(BANK_SIZE / BANK_BATCH);
    const batches = 5 * perModule;
    const at = (p: Parameters<typeof modelIdFor>[1]) => modelIdFor('eu-west-1', p);
    const cachedBatches = 5 * (perModule - 1);
    const writer = costUsd(at('outline'), 800, 1_900) + 20 * costUsd(at('lesson'), 1_400, 3_000) + batches * costUsd(at('evaluation'), 5_200, 850) -
      cachedBatches * (costUsd(at('evaluation'), 4_000, 0) - costUsd(at('evaluation'), 4_000, 0, { read: 4_000 }));
    const verifier = batches * costUsd(at('verifier'), 1_300, 160);
    expect(writer + verifier).toBeLessThanOrEqual(0.06);
    expect(verifier).toBeLessThan(writer);
    // The same verifier tokens on Claude Haiku 4.5 through the eu. profile: the old route could not meet it.
    expect(writer + batches * costUsd('eu.anthropic.claude-haiku-4-5-20251001-v1:0', 1_300, 160)).toBeGreaterThan(0.06);
  });

  it('bills prompt-cache reads and writes at the model\'s own prices, and nothing cached on a model without caching', () => {
    // Nova Lite: a read at a quarter of the input price, a write at the input price.
    expect(costUsd('amazon.nova-lite-v1:0', 1_000_000, 0, { read: 1_000_000 })).toBeCloseTo(0.015, 9);
    expect(costUsd('amazon.nova-lite-v1:0', 1_000_000, 0, { write: 1_000_000 })).toBeCloseTo(0.06, 9);
    expect(costUsd('amazon.nova-lite-v1:0', 2_000_000, 0, { read: 1_000_000 })).toBeCloseTo(0.075, 9);
    // Claude Haiku 4.5: a write is dearer than plain input (1.25 x), a read a tenth; the geographic premium applies to both.
    expect(costUsd('eu.anthropic.claude-haiku-4-5-20251001-v1:0', 1_000_000, 0, { write: 1_000_000 })).toBeCloseTo(1.375, 9);
    expect(costUsd('openai.gpt-oss-120b-1:0', 1_000_000, 0, { read: 1_000_000 })).toBeCloseTo(0.15, 9);
  });

  it('routes the question verifier to another model family than the evaluation writer (their mistakes must not be correlated)', () => {
    expect(familyOf(ROUTES.verifier)).toBeDefined();
    expect(familyOf(ROUTES.verifier)).not.toBe(familyOf(ROUTES.evaluation));
    expect(familyOf(ROUTES.verifier)).not.toBe(familyOf(ROUTES.lesson));
  });

  it('prices a call per million tokens, a Claude 4.5 model 10 % dearer through a geographic profile than in-region or global', () => {
    expect(costUsd('anthropic.claude-sonnet-4-5-20250929-v1:0', 1_000_000, 1_000_000)).toBe(18);
    expect(costUsd('global.anthropic.claude-haiku-4-5-20251001-v1:0', 1_000_000, 1_000_000)).toBe(6);
    expect(costUsd('eu.anthropic.claude-haiku-4-5-20251001-v1:0', 1_000_000, 1_000_000)).toBeCloseTo(6.6, 9);
    expect(costUsd('us.anthropic.claude-sonnet-4-5-20250929-v1:0', 1_000_000, 1_000_000)).toBeCloseTo(19.8, 9);
    expect(costUsd('eu.amazon.nova-lite-v1:0', 10_000, 10_000)).toBeCloseTo(0.003, 6);
    expect(costUsd('qwen2.5:7b', 1000, 1000)).toBe(0);
  });

  it('times a call as time to first token plus output tokens at the model\'s speed', () => {
    expect(modelTimeMs('us.amazon.nova-lite-v1:0', 2000)).toBe(MODELS['amazon.nova-lite-v1:0'].ttftMs + 10_000);
  });

  it('uses the inference profile of the stack\'s region', () => {
    expect(modelIdFor('us-west-2', 'lesson')).toBe('us.amazon.nova-lite-v1:0');
    expect(modelIdFor('eu-west-1', 'tutor')).toBe('eu.amazon.nova-lite-v1:0');
    expect(modelIdFor('ap-southeast-2', 'outline')).toBe('apac.amazon.nova-lite-v1:0');
  });

  it('fails synth with a clear message for a model the region does not offer', () => {
    expect(() => assertModelsOffered('us-east-1')).not.toThrow();
    expect(() => assertModelsOffered('sa-east-1')).toThrow(/sa-east-1.*lesson → amazon.nova-lite-v1:0/);
    expect(() => assertModelsOffered('us-east-1', { ...ROUTES, lesson: 'acme.unknown-v1' })).toThrow(/lesson → acme.unknown-v1/);
  });

  it('lets the environment switch one purpose, or a tier, without touching the others', () => {
    const routes = modelIdsFromEnv({ AWS_REGION: 'eu-central-1', MODEL_LESSON_ID: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0' });
    expect(routes.lesson).toBe('eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(routes.evaluation).toBe('eu.amazon.nova-lite-v1:0');
    expect(modelIdsFromEnv({ MODEL_FAST_ID: 'rapido' })).toMatchObject({ outline: 'rapido', tutor: 'rapido', lesson: 'us.amazon.nova-lite-v1:0' });
  });
});

describe('the stack\'s model ids', () => {
  it('follow the region, keep context overrides, and stop synth for a region without the models', async () => {
    const { stackModelIds } = await import('../../../lambdas/shared/ai/models');
    // gpt-oss has no inference profile: it is called in-region by its bare id.
    const gptOss = 'openai.gpt-oss-120b-1:0';
    expect(stackModelIds('eu-west-1')).toEqual({ fast: 'eu.amazon.nova-lite-v1:0', strong: 'eu.amazon.nova-lite-v1:0', verifier: gptOss });
    expect(stackModelIds('${Token[AWS.Region.7]}')).toEqual({ fast: 'us.amazon.nova-lite-v1:0', strong: 'us.amazon.nova-lite-v1:0', verifier: gptOss });
    // A region with Nova's profiles but not gpt-oss in-region stops synth, naming the verifier.
    expect(() => stackModelIds('eu-central-1')).toThrow(/verifier → openai.gpt-oss-120b-1:0/);
    expect(stackModelIds('sa-east-1', { fast: 'a', strong: 'b', verifier: 'c' })).toEqual({ fast: 'a', strong: 'b', verifier: 'c' });
    expect(() => stackModelIds('sa-east-1')).toThrow(/sa-east-1 .*does not offer/);
  });

  it('stop synth when the verifier is of the evaluation writer\'s family, and route it apart from the fast tier', async () => {
    const { modelIdsFromEnv, stackModelIds } = await import('../../../lambdas/shared/ai/models');
    expect(() => stackModelIds('us-east-1', { verifier: 'us.amazon.nova-pro-v1:0' })).toThrow(/another model family/);
    const routes = modelIdsFromEnv({ MODEL_FAST_ID: 'us.amazon.nova-micro-v1:0', MODEL_STRONG_ID: 'us.amazon.nova-lite-v1:0', MODEL_VERIFIER_ID: 'us.anthropic.claude-haiku-4-5-20251001-v1:0' });
    expect(routes).toMatchObject({ outline: 'us.amazon.nova-micro-v1:0', evaluation: 'us.amazon.nova-lite-v1:0', verifier: 'us.anthropic.claude-haiku-4-5-20251001-v1:0' });
    expect(modelIdsFromEnv({ MODEL_FAST_ID: 'us.amazon.nova-micro-v1:0' }).verifier).toBe('openai.gpt-oss-120b-1:0');
  });
});
