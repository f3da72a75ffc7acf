import { AxiosHeaders, type AxiosError } from 'axios';

// SPEC §9 "up to 3 attempts, exponential backoff with jitter, cap 300 seconds", for the calls a
// retry cannot duplicate: GET, PUT, DELETE, and POSTs carrying an Idempotency-Key the server honours.

export const retryPolicy = {
  attempts: 3,
  baseMs: 1000,
  capMs: 300_000,
  random: Math.random,
};

const RETRIED_STATUS = new Set([429, 500, 502, 503, 504]);
const SAFE_METHODS = new Set(['get', 'head', 'options', 'put', 'delete']);

/** `Retry-After` in ms (seconds or an HTTP date), if the answer carries one. */
export function retryAfterMs(error: AxiosError, now = Date.now()): number | undefined {
  const value = AxiosHeaders.from((error.response?.headers ?? {}) as never).get('Retry-After');
  if (value === undefined || value === null || value === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(String(value));
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Whether this failure is worth another attempt (the caller counts attempts). */
export function isRetryable(error: AxiosError): boolean {
  const config = error.config;
  if (!config) return false;
  const idempotent = SAFE_METHODS.has((config.method ?? 'get').toLowerCase()) || AxiosHeaders.from(config.headers).has('Idempotency-Key');
  if (!idempotent) return false;
  // No answer at all: a network error or our own timeout.
  if (!error.response) return error.code !== 'ERR_CANCELED';
  const { status, data } = error.response;
  const body = data as { success?: boolean; code?: string; name?: string } | undefined;
  if (status === 429) {
    // Mentora's own 429 is a spent quota ({ success: false, message }): asking again cannot help.
    // The gateway's throttling 429, or any 429 with Retry-After, can.
    return retryAfterMs(error) !== undefined || body?.success !== false;
  }
  if (/Throttl|TooManyRequests|Timeout/i.test(`${body?.code ?? ''}${body?.name ?? ''}`)) return true;
  return RETRIED_STATUS.has(status);
}

/** Full jitter: uniform in [0, min(cap, base·2^attempt)]; Retry-After is honoured, within the cap. */
export function retryDelayMs(attempt: number, error: AxiosError): number {
  const after = retryAfterMs(error);
  if (after !== undefined) return Math.min(retryPolicy.capMs, after);
  return Math.floor(retryPolicy.random() * Math.min(retryPolicy.capMs, retryPolicy.baseMs * 2 ** attempt));
}
