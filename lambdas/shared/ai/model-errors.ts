// Model failures, named so the state machine's Retry and Catch can tell them apart
// (Step Functions matches a Lambda's error by its name). docs/pipeline.md lists which are retried.

export class ModelError extends Error {
  constructor(name: 'ModelThrottled' | 'ModelUnavailable' | 'ModelTimeout' | 'ModelRejected' | 'InvalidModelOutput', message: string) {
    super(message);
    this.name = name;
  }
}

const THROTTLED = new Set(['ThrottlingException', 'ServiceQuotaExceededException', 'TooManyRequestsException']);
const TIMEOUT = new Set(['ModelTimeoutException', 'TimeoutError', 'RequestTimeout', 'AbortError']);
const UNAVAILABLE = new Set(['ServiceUnavailableException', 'InternalServerException', 'ModelNotReadyException', 'ModelErrorException']);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ERR_HTTP2_STREAM_ERROR', 'ERR_HTTP2_SESSION_ERROR']);

/** Translates an SDK error into a ModelError whose name says whether retrying can help. */
export function classifyModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  const e = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const name = e.name ?? '';
  const status = e.$metadata?.httpStatusCode ?? 0;
  const detail = `${name}: ${e.message ?? ''}`.slice(0, 300);
  if (THROTTLED.has(name) || status === 429) return new ModelError('ModelThrottled', detail);
  if (TIMEOUT.has(name)) return new ModelError('ModelTimeout', detail);
  if (UNAVAILABLE.has(name) || status >= 500 || NETWORK.has(e.code ?? '')) return new ModelError('ModelUnavailable', detail);
  return new ModelError('ModelRejected', detail);
}

/** The names the pipeline retries with backoff; anything else goes straight to Catch. */
export const RETRYABLE_MODEL_ERRORS = ['ModelThrottled', 'ModelUnavailable', 'ModelTimeout'] as const;
