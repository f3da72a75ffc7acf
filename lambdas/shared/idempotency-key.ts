import { badRequest } from './errors';

// The Idempotency-Key header (SPEC §9 retries, issue 11; the phone's outbox, issue 44): a key the client
// makes once per action (a UUID) and sends again with every retry or replay of that action.

const KEY = /^[A-Za-z0-9_-]{8,128}$/;
export const KEY_REUSED = 'Esta clave de idempotencia ya se usó con otra solicitud.';
export const BAD_KEY = 'La clave de idempotencia no es válida.';

const headerOf = (headers: Record<string, string | undefined> | undefined) => headers?.['idempotency-key'] ?? headers?.['Idempotency-Key'];

/** The Idempotency-Key of an API Gateway event (header names arrive lower-cased), if valid. */
export function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  const value = headerOf(headers);
  return value && KEY.test(value) ? value : undefined;
}

/**
 * The same, for routes whose replays must never count twice (the outbox's ratings and answers): a key
 * sent but malformed is refused (400) rather than ignored, which would let each replay count.
 */
export function outboxKeyOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  const value = headerOf(headers);
  if (value === undefined) return undefined;
  if (!KEY.test(value)) throw badRequest(BAD_KEY);
  return value;
}
