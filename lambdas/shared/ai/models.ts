import type { Purpose } from './prompts';

/**
 * Which model serves each purpose. Outlines and suggestions are short and structural: a small fast
 * model is enough and keeps the first screen quick. Lessons and evaluations are what the learner
 * reads and is graded on: the stronger model pays for itself there.
 */
export interface ModelIds {
  fast: string;
  strong: string;
}

export const modelFor = (ids: ModelIds, purpose: Purpose) =>
  // The tutor chats: answer latency matters more than depth, so it also gets the fast model.
  purpose === 'outline' || purpose === 'suggestions' || purpose === 'diplomado' || purpose === 'tutor' ? ids.fast : ids.strong;

/** Defaults used when the stack does not configure other ids (cross-region inference profiles). */
export const DEFAULT_MODEL_IDS: ModelIds = {
  fast: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
  strong: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
};

export const modelIdsFromEnv = (env: NodeJS.ProcessEnv = process.env): ModelIds => ({
  fast: env.MODEL_FAST_ID || DEFAULT_MODEL_IDS.fast,
  strong: env.MODEL_STRONG_ID || DEFAULT_MODEL_IDS.strong,
});
