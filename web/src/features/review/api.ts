import type { Calificacion, DueCards, RatedCard } from '../../../../lambdas/contract/review';
import { call } from '../../lib/api';

// Spaced review calls (docs/review.md). Quiet: the review screen and the dashboard card show their
// own placeholders instead of the blocking overlay.

export type { DueCards };
export type Rated = RatedCard;

/** The browser's IANA time zone: the streak's days are the learner's own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const quiet = { silent: true };

export const reviewApi = {
  due: async (courseId?: string, moduleId?: string, limite?: number) =>
    (await call('GET /review/due', { query: { courseId, ...(courseId && moduleId && { moduleId }), ...(limite && { limite: String(limite) as '5' | '10' | '20' }) } }, quiet)).data,
  summary: async () => (await call('GET /review/summary', { query: { tz: browserTimeZone() } }, quiet)).data,
  reveal: async (cardId: string, opcion?: string) =>
    (await call('POST /review/{cardId}/reveal', { params: { cardId }, body: (opcion ? { opcion } : {}) as { opcion?: 'A' | 'B' | 'C' | 'D' } }, quiet)).data,
  /**
   * `repasos`: the showing rated (the card as loaded), so a second tab's rating of it is refused. `key`: the
   * rating's Idempotency-Key, the same on every retry and on the outbox's later sends (issue 44), so it counts once.
   */
  rate: async (cardId: string, calificacion: Calificacion, repasos: number, key: string) =>
    (await call('POST /review/{cardId}', { params: { cardId }, body: { calificacion, repasos } }, { ...quiet, headers: { 'Idempotency-Key': key } })).data,
};
