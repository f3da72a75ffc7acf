import { MODEL_PURPOSES, assertModelsOffered, familyOf, modelIdFor, type ModelPurpose } from './model-table';

// Which model id each call uses, from the model table (model-table.ts) and the environment.

/**
 * The ids the CDK stack grants and passes as MODEL_FAST_ID / MODEL_STRONG_ID / MODEL_VERIFIER_ID
 * (infra/aws): "fast" serves the short, structural or conversational purposes, "strong" what the
 * learner reads and is graded on, "verifier" the blind question verifier, of another family than
 * "strong" (Claude Haiku 4.5 against Amazon Nova Lite with the default table). Without a verifier
 * id (older callers, tests) the verifier falls back to "fast".
 */
export interface ModelIds {
  fast: string;
  strong: string;
  verifier?: string;
}
export type ModelRoutes = Record<ModelPurpose, string>;

const STRONG: ReadonlySet<ModelPurpose> = new Set(['lesson', 'evaluation']);
export const tierOf = (purpose: ModelPurpose): keyof ModelIds => (purpose === 'verifier' ? 'verifier' : STRONG.has(purpose) ? 'strong' : 'fast');

/** The stack's ids in a region, from the model table's routes. */
export const modelIdsFor = (region: string): Required<ModelIds> => ({ fast: modelIdFor(region, 'outline'), strong: modelIdFor(region, 'lesson'), verifier: modelIdFor(region, 'verifier') });

/** True when both ids are models of the table from the same family (an unknown, e.g. local, model is not judged). */
export const sameFamily = (a: string, b: string) => familyOf(a) !== undefined && familyOf(a) === familyOf(b);

/** Defaults used when the stack does not configure other ids (US inference profiles). */
export const DEFAULT_MODEL_IDS: ModelIds = modelIdsFor('us-east-1');

const isIds = (x: ModelIds | ModelRoutes): x is ModelIds => 'fast' in x && 'strong' in x;
/** Per-purpose routes from the two tier ids (tests and older callers pass `{ fast, strong }`). */
export const toRoutes = (ids: ModelIds | ModelRoutes): ModelRoutes =>
  isIds(ids) ? (Object.fromEntries(MODEL_PURPOSES.map((p) => [p, ids[tierOf(p)] ?? ids.fast])) as ModelRoutes) : ids;

export const modelFor = (ids: ModelIds | ModelRoutes, purpose: ModelPurpose) => toRoutes(ids)[purpose];

/**
 * Per purpose: MODEL_<PURPOSE>_ID (e.g. MODEL_LESSON_ID), else the tier's MODEL_FAST_ID /
 * MODEL_STRONG_ID, else the model table's route as the inference profile of AWS_REGION.
 */
export function modelIdsFromEnv(env: NodeJS.ProcessEnv = process.env): ModelRoutes {
  const region = env.AWS_REGION || 'us-east-1';
  const tiers = { fast: env.MODEL_FAST_ID, strong: env.MODEL_STRONG_ID, verifier: env.MODEL_VERIFIER_ID };
  return Object.fromEntries(
    MODEL_PURPOSES.map((p) => [p, env[`MODEL_${p.toUpperCase()}_ID`] || tiers[tierOf(p)] || modelIdFor(region, p)]),
  ) as ModelRoutes;
}

/**
 * The CDK stack's ids (infra/aws/mentora-stack.ts): context overrides, else the model table's
 * routes for the stack's region, checked there first so synth fails with a clear message for a
 * region that does not offer them. An environment-agnostic stack (region unknown at synth) gets the US ids.
 */
export function stackModelIds(region: string, overrides: Partial<ModelIds> = {}): Required<ModelIds> {
  const known = region && !region.includes('${Token[') ? region : 'us-east-1';
  if (!overrides.fast || !overrides.strong || !overrides.verifier) assertModelsOffered(known);
  const ids = modelIdsFor(known);
  const chosen = { fast: overrides.fast ?? ids.fast, strong: overrides.strong ?? ids.strong, verifier: overrides.verifier ?? ids.verifier };
  // The verifier exists to catch the writer's mistakes; one of the same family tends to share them.
  if (sameFamily(chosen.verifier, chosen.strong)) {
    throw new Error(`Bedrock: the question verifier (${chosen.verifier}) must be of another model family than the evaluation writer (${chosen.strong}); set modelVerifierId to a model of another provider.`);
  }
  return chosen;
}

/** The environment that carries a stack's ids to a Lambda (read back by modelIdsFromEnv). */
export const modelIdEnv = (ids: ModelIds): Record<string, string> => ({
  MODEL_FAST_ID: ids.fast,
  MODEL_STRONG_ID: ids.strong,
  ...(ids.verifier ? { MODEL_VERIFIER_ID: ids.verifier } : {}),
});
