import { offlineToolInput } from '../../infra/local/offline-writer';
import type { StructuredModel } from '../../lambdas/shared/ai/structured-output';

/** A structured model answered by the offline writer, as the local Converse endpoint does (no transport). */
export const offlineModel: StructuredModel = async (spec, data) => ({
  value: spec.schema.parse(offlineToolInput(spec.tool, data)),
  usage: { inputTokens: 1, outputTokens: 1 },
  modelId: 'offline',
  promptVersion: spec.version,
  demo: true,
});
