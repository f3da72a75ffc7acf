import type { Calificacion, PublicReviewCard, ReviewSolution, ReviewSummary } from '../../../../lambdas/contract/review';
import { api } from '../../lib/api-client';

// Spaced review calls (docs/review.md). Quiet: the review screen and the dashboard card show their
// own placeholders instead of the blocking overlay.

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}

export interface DueCards {
  tarjetas: PublicReviewCard[];
  pendientes: number;
}
export interface Rated {
  tarjeta: PublicReviewCard;
  proximoRepaso: string;
  solucion: ReviewSolution;
}

/** The browser's IANA time zone: the streak's days are the learner's own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const card = (cardId: string) => `/review/${encodeURIComponent(cardId)}`;

export const reviewApi = {
  due: (courseId?: string) => api.get<Envelope<DueCards>>(`/review/due${courseId ? `?courseId=${encodeURIComponent(courseId)}` : ''}`, { silent: true }).then((r) => r.data.data),
  summary: () => api.get<Envelope<ReviewSummary>>(`/review/summary?tz=${encodeURIComponent(browserTimeZone())}`, { silent: true }).then((r) => r.data.data),
  reveal: (cardId: string, opcion?: string) => api.post<Envelope<ReviewSolution>>(`${card(cardId)}/reveal`, opcion ? { opcion } : {}, { silent: true }).then((r) => r.data.data),
  rate: (cardId: string, calificacion: Calificacion) => api.post<Envelope<Rated>>(card(cardId), { calificacion }, { silent: true }).then((r) => r.data.data),
};
