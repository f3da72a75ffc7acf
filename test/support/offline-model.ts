import { offlineToolInput, offlineVerdictText } from '../../infra/local/offline-writer';
import type { StructuredModel } from '../../lambdas/shared/ai/structured-output';

/**
 * A structured model answered by the offline writer, as the local Converse endpoint does (no transport).
 * A prompt answered in plain text (the blind verifier, issue 33) gets the offline writer's text, read by the prompt's own parse.
 */
export const offlineModel: StructuredModel = async (spec, data) => ({
  value: spec.schema.parse(spec.parseText ? spec.parseText(offlineVerdictText(data)) : offlineToolInput(spec.tool, data)),
  usage: { inputTokens: 1, outputTokens: 1 },
  modelId: 'offline',
  promptVersion: spec.version,
  demo: true,
});
