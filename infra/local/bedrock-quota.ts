import { inputTokensOf } from './bedrock-limits';
import { BedrockFault, type ConverseRequest } from './bedrock-protocol';

// Bedrock's on-demand quota, per model: tokens per minute. Bedrock counts a request against it when
// it starts, as its input plus the `maxTokens` it may write (AWS's "How tokens are counted":
// InputTokenCount + max_tokens are reserved at the start), so a call is refused before any model runs.
// Here: the calls of the last 60 s per model id, their input (counted as bedrock-limits.ts counts it)
// plus maxTokens; one more that would exceed MENTORA_LLM_TPM is refused with Bedrock's own
// ThrottlingException (429, the error the SDK parses). Off unless MENTORA_LLM_TPM is set.
// Refused calls are not counted: they never ran.

export const QUOTA_WINDOW_MS = 60_000;

export interface TokenQuota {
  /** Refuses the call (a ThrottlingException to throw) or counts it and answers undefined. */
  admit: (req: ConverseRequest) => BedrockFault | undefined;
  /** Tokens counted per model id in the last minute, and calls refused so far (for benches and tests). */
  usage: () => { perModel: Record<string, number>; refused: number };
}

/** MENTORA_LLM_TPM: a positive number of tokens per minute per model; anything else is off. */
export function tpmFromEnv(value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const tpm = Number(value);
  if (!Number.isFinite(tpm) || tpm <= 0) throw new Error(`MENTORA_LLM_TPM: "${value}" is not a positive number of tokens per minute`);
  return tpm;
}

export const reservedTokens = (req: ConverseRequest) => inputTokensOf(req) + (req.inferenceConfig?.maxTokens ?? 0);

/** `windowMs`: the quota's minute (tests shorten it, with the model budget's, to run a queue in seconds). */
export function tokenQuota(tpm: number, now: () => number = Date.now, windowMs = QUOTA_WINDOW_MS): TokenQuota {
  const calls = new Map<string, { at: number; tokens: number }[]>();
  let refused = 0;
  const recent = (modelId: string) => {
    const since = now() - windowMs;
    const kept = (calls.get(modelId) ?? []).filter((c) => c.at > since);
    calls.set(modelId, kept);
    return kept;
  };
  const used = (modelId: string) => recent(modelId).reduce((n, c) => n + c.tokens, 0);
  return {
    admit(req) {
      const tokens = reservedTokens(req);
      if (used(req.modelId) + tokens > tpm) {
        refused++;
        return new BedrockFault('ThrottlingException', 429, 'Too many tokens, please wait before trying again.');
      }
      recent(req.modelId).push({ at: now(), tokens });
      return undefined;
    },
    usage: () => ({ perModel: Object.fromEntries([...calls.keys()].map((id) => [id, used(id)])), refused }),
  };
}
