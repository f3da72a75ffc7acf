import { call } from '../../lib/api';
import { outboxOf, type OutboxEntry, type ProgressEntry, type RatingEntry, type SelfCheckEntry } from '../../lib/offline-store';
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

/** Sends a lesson marked completed offline (a state: sent twice, it counts once). */
export async function sendProgress(entry: ProgressEntry): Promise<SendResult> {
  try {
    await call('POST /courses/{id}/progress', { params: { id: entry.courseId }, body: { moduleId: entry.moduleId, lessonId: entry.lessonId, estado: entry.estado } }, quiet);
    return 'enviado';
  } catch (err) {
    return sendFailure(err, 'No pudimos guardar tu progreso.');
  }
}

export const sendEntry = (entry: OutboxEntry) => (entry.kind === 'autoevaluacion' ? sendSelfCheck(entry) : entry.kind === 'progreso' ? sendProgress(entry) : sendRating(entry));

/** A lesson marked completed with no answer from the server: kept once per lesson, sent when the connection returns. */
export async function keepProgress(userId: string, lesson: Pick<ProgressEntry, 'courseId' | 'moduleId' | 'lessonId'>): Promise<void> {
  const store = outboxOf(userId);
  const same = (await store.list()).some((e) => e.kind === 'progreso' && e.courseId === lesson.courseId && e.moduleId === lesson.moduleId && e.lessonId === lesson.lessonId);
  if (!same) await store.add({ ...nextPlace(), kind: 'progreso', ...lesson, estado: 'completado' });
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

/** A self-check answer that got no answer: kept in the learner's outbox, to be sent when the connection returns. */
export async function keepSelfCheck(userId: string, key: string, answer: Pick<SelfCheckEntry, 'courseId' | 'moduleId' | 'lessonId' | 'pregunta' | 'respuesta'>): Promise<void> {
  // Under the key its first attempt carried: if that attempt did reach the server, this send joins its grading.
  await outboxOf(userId).add({ ...nextPlace(), id: key, kind: 'autoevaluacion', ...answer });
  // The screens listening (the course page's notice, /repaso) read the outbox again.
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

/** Fired on window when an entry was kept outside a screen's own useOutbox. */
export const OUTBOX_CHANGED = 'mentora:bandeja';
