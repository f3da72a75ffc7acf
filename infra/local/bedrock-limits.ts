import { specOf } from '../../lambdas/shared/ai/model-table';
import { BedrockFault, estimateTokens, type ConverseRequest } from './bedrock-protocol';

// What Bedrock refuses before a model reads a word, refused here too so it fails on `npm start`
// first: a `maxTokens` above the model's maximum output, or an input that with `maxTokens` does not
// fit the context window (limits from the model table, lambdas/shared/ai/model-cards.ts says where
// they come from). The messages are Bedrock's own. A model id the table does not know (a local
// model's name) is not judged.

/** Input tokens as Bedrock counts them: the system prompt, the tool schema and the messages. */
export const inputTokensOf = (req: ConverseRequest) =>
  estimateTokens(req.system ?? []) + estimateTokens(req.toolConfig ?? {}) + estimateTokens(req.messages);

export function limitFault(req: ConverseRequest): BedrockFault | undefined {
  const spec = specOf(req.modelId);
  if (!spec) return undefined;
  const maxTokens = req.inferenceConfig?.maxTokens;
  if (maxTokens !== undefined && maxTokens > spec.maxOutputTokens) {
    return new BedrockFault(
      'ValidationException',
      400,
      `The maximum tokens you requested exceeds the model limit of ${spec.maxOutputTokens}. Try again with a maximum tokens value that is lower than ${spec.maxOutputTokens}.`,
    );
  }
  if (inputTokensOf(req) + (maxTokens ?? 0) > spec.contextTokens) return new BedrockFault('ValidationException', 400, 'Input is too long for requested model.');
  return undefined;
}

/** MENTORA_LLM_DOWN: model ids (comma-separated) that answer as an unavailable model does, to see a purpose's fallback write instead. */
export const downModels = (spec: string | undefined) => new Set((spec ?? '').split(',').map((s) => s.trim()).filter(Boolean));

export const unavailable = () => new BedrockFault('ServiceUnavailableException', 503, 'Bedrock is unable to process your request.');
