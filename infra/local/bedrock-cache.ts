import { createHash } from 'node:crypto';
import { specOf } from '../../lambdas/shared/ai/model-table';
import { BedrockFault, estimateTokens, type ConverseReply, type ConverseRequest } from './bedrock-protocol';

// Prompt caching as Bedrock does it (issue 33), so the pipeline's cache points are exercised and its
// metering sees cached tokens: a request with a `cachePoint` caches the prefix before it (tool
// definitions, system prompt, then the message blocks up to the point) when that prefix holds at
// least the model's minimum (model-table.ts `cache`). The first request with a prefix writes it; one
// that comes after the write is ready (the prompt read: the model's time to first token) and within
// five minutes reads it. Bedrock then reports those tokens as cacheWriteInputTokens or
// cacheReadInputTokens, apart from inputTokens. A cache point sent to a model without prompt caching
// is refused, so the code never sends one there.

const TTL_MS = 5 * 60_000;

export interface PromptCache {
  /** The reply's usage with the cached part of its input counted apart, as Bedrock reports it. */
  account(req: ConverseRequest, reply: ConverseReply, readyInMs: number): ConverseReply;
}

/** The tokens before the request's first cache point, or undefined when it has none. */
function cachedPrefix(req: ConverseRequest): { key: string; tokens: number } | undefined {
  for (const [i, m] of req.messages.entries()) {
    const at = m.content.findIndex((b) => b.cachePoint);
    if (at < 0) continue;
    const prefix = [req.toolConfig ?? {}, req.system ?? [], ...req.messages.slice(0, i), { role: m.role, content: m.content.slice(0, at) }];
    const tokens = estimateTokens(req.toolConfig ?? {}) + estimateTokens(req.system ?? []) + estimateTokens([...req.messages.slice(0, i), { ...m, content: m.content.slice(0, at) }]);
    return { key: createHash('sha256').update(req.modelId).update(JSON.stringify(prefix)).digest('hex'), tokens };
  }
  return undefined;
}

export function promptCache(now: () => number = Date.now): PromptCache {
  const ready = new Map<string, number>();
  return {
    account(req, reply, readyInMs) {
      const prefix = cachedPrefix(req);
      if (!prefix) return reply;
      const cache = specOf(req.modelId)?.cache;
      if (!cache) throw new BedrockFault('ValidationException', 400, `The model ${req.modelId} does not support prompt caching (cachePoint).`);
      if (prefix.tokens < cache.minTokens) return reply;
      const t = now();
      for (const [k, at] of ready) if (at + TTL_MS < t) ready.delete(k);
      const hit = (ready.get(prefix.key) ?? Infinity) <= t;
      // A read refreshes the entry's five minutes; a write makes it readable once the prompt is read.
      ready.set(prefix.key, hit ? t : Math.min(ready.get(prefix.key) ?? Infinity, t + readyInMs));
      const tokens = Math.min(prefix.tokens, reply.usage.inputTokens);
      const usage = { ...reply.usage, inputTokens: reply.usage.inputTokens - tokens, ...(hit ? { cacheReadInputTokens: tokens } : { cacheWriteInputTokens: tokens }) };
      return { ...reply, usage };
    },
  };
}
