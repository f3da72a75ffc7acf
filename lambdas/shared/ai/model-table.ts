import type { Purpose } from './prompts';

// THE model table: which model serves each purpose, what it costs and how fast it answers. The
// Lambdas route and price with it, the local Converse endpoint takes its timing from it, the CDK
// stack checks the region offers the models with it, and the bench reports against it.
//
// Limits (maximum output, context window) from AWS's model cards, and prices, each with where it
// comes from and what could not be confirmed: model-cards.ts (read 2026-11-24). Prices are on-demand
// Standard per million tokens in us-east-1; a cross-region inference profile is priced at the
// source region at no extra charge (AWS pricing page).
// Timing: time to first token and output tokens per second are ESTIMATES (2026-11-23) rounded from
// public latency benchmarks of Bedrock ConverseStream (aiperf.ghast.people.aws.dev: Nova Micro
// ≈ 0.25 s, ≈ 300 tok/s; rjesh.com "Benchmarking Amazon Bedrock LLM latency"; Artificial Analysis
// figures for Claude): real figures vary by region, load and prompt length.

export type ModelPurpose = Purpose | 'verifier';
export const MODEL_PURPOSES: readonly ModelPurpose[] = ['suggestions', 'outline', 'lesson', 'evaluation', 'verifier', 'tutor', 'diplomado'];

/** Geographic inference-profile prefixes (`us.amazon.nova-lite-v1:0`). */
export type Geo = 'us' | 'eu' | 'apac' | 'global';

export interface ModelSpec {
  provider: 'Amazon' | 'Anthropic' | 'OpenAI';
  /** USD per million input / output tokens, on-demand list price. */
  inputUsdPerM: number;
  outputUsdPerM: number;
  /** Time to first token, ms, and output tokens per second once streaming. */
  ttftMs: number;
  outputTokensPerSecond: number;
  /** The model refuses a larger `maxTokens` (a ValidationException), so callers clamp to it. */
  maxOutputTokens: number;
  /** Input plus `maxTokens` above this is refused too (Bedrock: "Input is too long for requested model"). */
  contextTokens: number;
  /** Geographies with a cross-region inference profile for it (Bedrock docs, 2026-11). */
  geos: readonly Geo[];
  /** Regions that offer it in-region, called by its bare id (a model without inference profiles). */
  regions?: readonly string[];
  /**
   * Prompt caching on Bedrock (a `cachePoint` in Converse), when the model has it: the fewest tokens
   * a cached prefix must hold, and what a token read from or written to the cache costs (USD per
   * million). Absent: the model has no prompt caching on Bedrock and no cache point is sent.
   */
  cache?: { minTokens: number; readUsdPerM: number; writeUsdPerM: number };
  /** Model-specific request fields (Converse additionalModelRequestFields), e.g. gpt-oss's reasoning effort. */
  requestFields?: Record<string, unknown>;
}

/** Keyed by the foundation-model id, without the inference-profile prefix. */
export const MODELS: Record<string, ModelSpec> = {
  'amazon.nova-micro-v1:0': { provider: 'Amazon', inputUsdPerM: 0.035, outputUsdPerM: 0.14, ttftMs: 300, outputTokensPerSecond: 300, maxOutputTokens: 5000, contextTokens: 128_000, geos: ['us', 'eu', 'apac'], cache: { minTokens: 1000, readUsdPerM: 0.00875, writeUsdPerM: 0.035 } },
  'amazon.nova-lite-v1:0': { provider: 'Amazon', inputUsdPerM: 0.06, outputUsdPerM: 0.24, ttftMs: 400, outputTokensPerSecond: 200, maxOutputTokens: 5000, contextTokens: 300_000, geos: ['us', 'eu', 'apac'], cache: { minTokens: 1000, readUsdPerM: 0.015, writeUsdPerM: 0.06 } },
  'amazon.nova-pro-v1:0': { provider: 'Amazon', inputUsdPerM: 0.8, outputUsdPerM: 3.2, ttftMs: 500, outputTokensPerSecond: 100, maxOutputTokens: 5000, contextTokens: 300_000, geos: ['us', 'eu', 'apac'], cache: { minTokens: 1000, readUsdPerM: 0.2, writeUsdPerM: 0.8 } },
  'amazon.nova-2-lite-v1:0': { provider: 'Amazon', inputUsdPerM: 0.3, outputUsdPerM: 2.5, ttftMs: 400, outputTokensPerSecond: 200, maxOutputTokens: 10000, contextTokens: 1_000_000, geos: ['us', 'eu', 'global'] },
  'anthropic.claude-3-haiku-20240307-v1:0': { provider: 'Anthropic', inputUsdPerM: 0.25, outputUsdPerM: 1.25, ttftMs: 500, outputTokensPerSecond: 120, maxOutputTokens: 4096, contextTokens: 200_000, geos: ['us', 'eu', 'apac'] },
  'anthropic.claude-haiku-4-5-20251001-v1:0': { provider: 'Anthropic', inputUsdPerM: 1, outputUsdPerM: 5, ttftMs: 600, outputTokensPerSecond: 100, maxOutputTokens: 64000, contextTokens: 200_000, geos: ['us', 'eu', 'apac', 'global'], cache: { minTokens: 4096, readUsdPerM: 0.1, writeUsdPerM: 1.25 } },
  'anthropic.claude-sonnet-4-5-20250929-v1:0': { provider: 'Anthropic', inputUsdPerM: 3, outputUsdPerM: 15, ttftMs: 1200, outputTokensPerSecond: 60, maxOutputTokens: 64000, contextTokens: 200_000, geos: ['us', 'eu', 'apac', 'global'], cache: { minTokens: 1024, readUsdPerM: 0.3, writeUsdPerM: 3.75 } },
  'openai.gpt-oss-120b-1:0': { provider: 'OpenAI', inputUsdPerM: 0.15, outputUsdPerM: 0.6, ttftMs: 500, outputTokensPerSecond: 250, maxOutputTokens: 16_000, contextTokens: 128_000, geos: [], regions: ['us-east-1', 'us-west-2', 'eu-west-1'], requestFields: { reasoning_effort: 'low' } },
};

/**
 * Which model writes what. Amazon Nova Lite writes: it writes correct Spanish prose and
 * follows a forced tool's schema, and a 5 × 4 course costs about $0.03 with it (docs/pipeline.md
 * "Cost"), where Claude Sonnet 4.5 costs about $1.2. The question verifier is of ANOTHER family
 * so its mistakes are not correlated with the writer's: it answers each question blind, and a
 * question is kept only when both agree (verifier.ts); a unit test fails if the verifier and the
 * evaluation writer share a family. Issue 33: the verifier is OpenAI's gpt-oss-120b, answering in
 * plain text (verdict-lines.ts: no forced tool is documented for it on Bedrock), where Claude Haiku
 * 4.5 (legacy at its maker) made three quarters of a course's cost; why, and what else was weighed:
 * model-cards.ts VERIFIER_CANDIDATES. Switch a purpose with MODEL_<PURPOSE>_ID.
 */
export const ROUTES: Record<ModelPurpose, string> = {
  suggestions: 'amazon.nova-lite-v1:0',
  outline: 'amazon.nova-lite-v1:0',
  lesson: 'amazon.nova-lite-v1:0',
  evaluation: 'amazon.nova-lite-v1:0',
  verifier: 'openai.gpt-oss-120b-1:0',
  tutor: 'amazon.nova-lite-v1:0',
  diplomado: 'amazon.nova-lite-v1:0',
};

/**
 * Where a call goes when its routed model is throttled past its retry budget or unavailable
 * (structured-output.ts), in order, instead of failing the course. Another model has its own
 * quota: Nova Pro writes what Nova Lite writes (same 5K output, about 13 times the price, so only
 * while Lite is refused); Nova Micro answers the short conversational purposes; the verifier stays
 * off the writer's family: Claude Haiku 4.5, then Claude Sonnet 4.5 (Claude 3 Haiku reached its
 * Bedrock end of life on 2026-09-10), both reading the verifier's plain-text format as well. Every id here is granted to
 * the functions that call a model (infra/aws grants the routes and these).
 */
export const FALLBACKS: Record<ModelPurpose, readonly string[]> = {
  suggestions: ['amazon.nova-micro-v1:0'],
  outline: ['amazon.nova-pro-v1:0'],
  lesson: ['amazon.nova-pro-v1:0'],
  evaluation: ['amazon.nova-pro-v1:0'],
  verifier: ['anthropic.claude-haiku-4-5-20251001-v1:0', 'anthropic.claude-sonnet-4-5-20250929-v1:0'],
  tutor: ['amazon.nova-micro-v1:0'],
  diplomado: ['amazon.nova-pro-v1:0'],
};

/** The geography of a region's inference profiles (regions outside these call models directly). */
export function geoOf(region: string): Geo | undefined {
  if (/^(us|ca)-/.test(region)) return 'us';
  if (/^eu-/.test(region)) return 'eu';
  if (/^ap-/.test(region)) return 'apac';
  return undefined;
}

const PREFIX = /^(us|eu|apac|global|jp|au)\./;
/** The foundation-model id of a model or inference-profile id. */
export const baseModelId = (id: string) => id.replace(PREFIX, '');
export const specOf = (id: string): ModelSpec | undefined => MODELS[baseModelId(id)];
/** A model's family (its provider in the table), so the verifier can be kept off the writer's. */
export const familyOf = (id: string): ModelSpec['provider'] | undefined => specOf(id)?.provider;

/** The id to call for a purpose in a region: the model's inference profile of the region's geography. */
export function modelIdFor(region: string, purpose: ModelPurpose, routes: Record<ModelPurpose, string> = ROUTES): string {
  return profileIdFor(region, routes[purpose]);
}

/** A foundation model's id to call in a region: its inference profile of the region's geography, if it has one. */
export function profileIdFor(region: string, model: string): string {
  const geo = geoOf(region);
  const spec = MODELS[model];
  // A model offered in the region itself (no profile, e.g. gpt-oss) is called by its bare id.
  if (!spec || !geo || !spec.geos.includes(geo) || spec.regions?.includes(region)) return model;
  return `${geo}.${model}`;
}

/** The fallback ids of every purpose in a region (inference profiles where the region has them). */
export const fallbackIdsFor = (region: string): Record<ModelPurpose, string[]> =>
  Object.fromEntries(MODEL_PURPOSES.map((p) => [p, FALLBACKS[p].map((model) => profileIdFor(region, model))])) as Record<ModelPurpose, string[]>;

/** Every fallback id of a region, once each: what the stack grants besides the routed models. */
export const allFallbackIds = (region: string): string[] => [...new Set(Object.values(fallbackIdsFor(region)).flat())];

/** Fails with a clear message when the region has no inference profile for a routed model (CDK synth calls it). */
export function assertModelsOffered(region: string, routes: Record<ModelPurpose, string> = ROUTES): void {
  const geo = geoOf(region);
  const missing = MODEL_PURPOSES.filter((p) => {
    const spec = MODELS[baseModelId(routes[p])];
    return !spec || !((geo && spec.geos.includes(geo)) || spec.regions?.includes(region));
  });
  if (missing.length) {
    const which = missing.map((p) => `${p} → ${routes[p]}`).join(', ');
    throw new Error(
      `Bedrock: the region ${region} (${geo ?? 'no inference-profile geography'}) does not offer the models routed in lambdas/shared/ai/model-table.ts: ${which}. Deploy to a us-, eu- or ap- region or route those purposes to a model offered there.`,
    );
  }
}

/**
 * What a GEOGRAPHIC cross-region profile (`us.`, `eu.`, `apac.`…) costs over the table's price, per
 * model: Anthropic's Claude 4.5 models are 10 % dearer through a geographic profile than in-region
 * or through `global.` (AWS: global cross-Region inference saves "approximately 10 %" against
 * geographic; Claude Haiku 4.5 at $1.10 / $5.50 through `us.` and `eu.`, and the same rate in
 * eu-west-1 as in us-east-1, per AWS's aws/agent-toolkit-for-aws pricing table verified 2026-10-05;
 * model-cards.ts). Mentora calls geographic profiles (EU data stays in the EU), so it pays it.
 * Nova models: no premium documented.
 */
export const GEO_PROFILE_PREMIUM: Record<string, number> = {
  'anthropic.claude-haiku-4-5-20251001-v1:0': 1.1,
  'anthropic.claude-sonnet-4-5-20250929-v1:0': 1.1,
};
const GEO_PREFIX = /^(us|eu|apac|jp|au)\./;

/** Input tokens Bedrock read from or wrote to the prompt cache (Converse usage cacheReadInputTokens / cacheWriteInputTokens). */
export interface CacheTokens {
  read?: number;
  write?: number;
}

/** The cache part of a call's usage (structured-output.ts Usage), as costUsd() takes it. */
export const cacheOf = (u: { cacheReadInputTokens?: number; cacheWriteInputTokens?: number } | undefined): CacheTokens => ({ read: u?.cacheReadInputTokens ?? 0, write: u?.cacheWriteInputTokens ?? 0 });

/**
 * Estimated cost in USD at list prices, the geographic profile's premium included; 0 for a model
 * not in the table (e.g. a local model). `inputTokens` is every input token of the call, cached
 * ones included (structured-output.ts adds Bedrock's three counts); those of `cache` are billed as
 * Bedrock bills them, at the model's cache read and write prices instead of the input price.
 */
export function costUsd(modelId: string, inputTokens: number, outputTokens: number, cache: CacheTokens = {}): number {
  const spec = specOf(modelId);
  if (!spec) return 0;
  const premium = GEO_PREFIX.test(modelId) ? (GEO_PROFILE_PREMIUM[baseModelId(modelId)] ?? 1) : 1;
  const read = spec.cache ? Math.min(cache.read ?? 0, inputTokens) : 0;
  const write = spec.cache ? Math.min(cache.write ?? 0, inputTokens - read) : 0;
  const input = (inputTokens - read - write) * spec.inputUsdPerM + read * (spec.cache?.readUsdPerM ?? 0) + write * (spec.cache?.writeUsdPerM ?? 0);
  return (premium * (input + outputTokens * spec.outputUsdPerM)) / 1e6;
}

/** How long a model takes to write `outputTokens`, per the table (the local endpoint's pace). */
export function modelTimeMs(modelId: string, outputTokens: number): number | undefined {
  const spec = specOf(modelId);
  return spec && Math.round(spec.ttftMs + (outputTokens / spec.outputTokensPerSecond) * 1000);
}

export const MIN_REQUEST_BOUND_MS = 60_000;

/**
 * The longest a call may take before the client gives up: twice the table's time for a full
 * `maxTokens` answer plus 5 s, never under 60 s (a loaded model can take 30 s for any answer, and
 * no request waits on it: every call runs in a job or a stream), capped. The Lambda's deadline,
 * when known, bounds it further (model-retry.ts).
 */
export function requestBoundMs(modelId: string, maxTokens: number, capMs = 240_000): number {
  const time = modelTimeMs(modelId, maxTokens) ?? (1000 + maxTokens * 20);
  return Math.min(capMs, Math.max(MIN_REQUEST_BOUND_MS, 2 * time + 5000));
}
