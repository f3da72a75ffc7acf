import { call } from '../../lib/api';
import { outboxOf, type OutboxEntry, type RatingEntry, type SelfCheckEntry } from '../../lib/offline-store';
import { nextPlace, sendFailure, type SendResult } from './outbox';

// The outbox's entries as requests (issue 44): each under its own Idempotency-Key, the same as its first
// attempt's, so a request that did reach the server before the connection dropped counts once.

const quiet = { silent: true };

/** Sends a self-check answer kept offline; the server starts its grading (the answer then joins the review). */
export async function sendSelfCheck(entry: SelfCheckEntry): Promise<SendResult> {
  try {
    await call(
      'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check',
      { params: { id: entry.courseId, moduleId: entry.moduleId, lessonId: entry.lessonId }, body: { pregunta: entry.pregunta, respuesta: entry.respuesta } },
      { ...quiet, headers: { 'Idempotency-Key': entry.id } },
    );
    return 'enviado';
  } catch (err) {
    return sendFailure(err, 'No pudimos enviar tu respuesta.');
  }
}

/** Sends a review rating kept offline (the review screen sends its own, to refresh its summary too). */
export async function sendRating(entry: RatingEntry): Promise<SendResult> {
  try {
    await call('POST /review/{cardId}', { params: { cardId: entry.cardId }, body: { calificacion: entry.calificacion, repasos: entry.repasos } }, { ...quiet, headers: { 'Idempotency-Key': entry.id } });
    return 'enviado';
  } catch (err) {
    return sendFailure(err, 'No pudimos guardar tu repaso.');
  }
}

export const sendEntry = (entry: OutboxEntry) => (entry.kind === 'autoevaluacion' ? sendSelfCheck(entry) : sendRating(entry));

/** A self-check answer that got no answer: kept in the learner's outbox, to be sent when the connection returns. */
export async function keepSelfCheck(userId: string, key: string, answer: Pick<SelfCheckEntry, 'courseId' | 'moduleId' | 'lessonId' | 'pregunta' | 'respuesta'>): Promise<void> {
  // Under the key its first attempt carried: if that attempt did reach the server, this send joins its grading.
  await outboxOf(userId).add({ ...nextPlace(), id: key, kind: 'autoevaluacion', ...answer });
  // The screens listening (the course page's notice, /repaso) read the outbox again.
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

/** Fired on window when an entry was kept outside a screen's own useOutbox. */
export const OUTBOX_CHANGED = 'mentora:bandeja';
