import { REVIEW_SESSION_LENGTHS } from '../../../../lambdas/contract/review';

// The session length the learner chose (issue 34 item 4), kept in this browser: a short session
// by default, so review fits in a few minutes.

export type SessionLength = (typeof REVIEW_SESSION_LENGTHS)[number];
const KEY = 'mentora.repaso.preguntas';
export const DEFAULT_LENGTH: SessionLength = 10;

export function storedLength(): SessionLength {
  const n = Number(globalThis.localStorage?.getItem(KEY));
  return (REVIEW_SESSION_LENGTHS as readonly number[]).includes(n) ? (n as SessionLength) : DEFAULT_LENGTH;
}

export function storeLength(n: SessionLength) {
  try {
    globalThis.localStorage?.setItem(KEY, String(n));
  } catch {
    // A private window may refuse: the choice holds for this visit.
  }
}

/** When the next cards are due, as a learner reads it: "hoy a las 18:30", "mañana", "el jueves 3 de diciembre". */
export function whenDue(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(at) - day(now)) / 86_400_000);
  if (days <= 0) return `hoy a las ${at.toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' })}`;
  if (days === 1) return 'mañana';
  return `el ${at.toLocaleDateString('es-ES', { weekday: 'long', day: 'numeric', month: 'long' })}`;
}
