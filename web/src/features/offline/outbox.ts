import type { OutboxEntry, OutboxStore } from '../../lib/offline-store';

// The outbox's rules (issue 44): what the learner did offline is kept, then sent when the connection
// returns, oldest first, one at a time, each under its own Idempotency-Key (the server answers a replay
// with the first answer: lambdas/review/replays.ts), so an entry sent twice (a retry, two tabs) counts once.
// An entry leaves the outbox only when the server answered it: accepted, or refused for good (a 4xx:
// the card was rated since on another device, it no longer exists). Nothing is ever shown as sent before.

export type SendResult = 'enviado' | { rechazado: string } | 'sin_conexion';

export interface DrainReport {
  enviados: number;
  /** Spanish reasons of the entries the server refused (they are not retried). */
  rechazados: string[];
  /** Entries still waiting (the connection dropped again, or the server could not answer now). */
  pendientes: number;
}

/** Sends every entry in order; stops at the first that could not reach the server (it is tried again later). */
export async function drainOutbox(store: OutboxStore, send: (entry: OutboxEntry) => Promise<SendResult>): Promise<DrainReport> {
  const entries = await store.list();
  const report: DrainReport = { enviados: 0, rechazados: [], pendientes: entries.length };
  for (const entry of entries) {
    const result = await send(entry);
    if (result === 'sin_conexion') break;
    await store.remove(entry.id);
    report.pendientes -= 1;
    if (result === 'enviado') report.enviados += 1;
    else report.rechazados.push(result.rechazado);
  }
  return report;
}

interface HttpFailure {
  isAxiosError?: boolean;
  response?: { status: number; data?: { message?: unknown } };
}

/**
 * How a failed send counts: no answer (no connection, a timeout), a 5xx or a 429 waits for the next try;
 * any other 4xx is the server's final word, kept for the learner in its Spanish message.
 */
export function sendFailure(error: unknown, fallback: string): SendResult {
  const http = error as HttpFailure | null;
  const status = http?.response?.status;
  if (!http?.isAxiosError || status === undefined || status >= 500 || status === 429) return 'sin_conexion';
  const message = http.response?.data?.message;
  return { rechazado: typeof message === 'string' && message ? message : fallback };
}

/** A request that got no answer at all: the learner is offline (or the server unreachable). */
export const unanswered = (error: unknown) => {
  const http = error as HttpFailure | null;
  return Boolean(http?.isAxiosError && !http.response);
};

let seq = 0;
/** A fresh entry's key and place in line (time first: entries of two tabs interleave by when they were made). */
export const nextPlace = () => ({ id: crypto.randomUUID(), seq: Date.now() * 1000 + (seq++ % 1000), createdAt: new Date().toISOString() });
