import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { currentUserId } from '../../app/providers/auth-provider';
import { call } from '../../lib/api';
import { outboxOf } from '../../lib/offline-store';
import { downloadedCourse } from './downloads';
import { unanswered } from './outbox';
import { keepProgress, keepSelfCheck } from './send-entry';

// What the course page asks of the offline room (issue 44), loaded only when it is needed: with the browser
// offline, or after a request that got no answer. Kept here so the page's first JavaScript does not grow.

/**
 * The course's downloaded copy, or the server's answer. `failure`: the server's read already failed (the copy
 * answers if it got no answer at all); none: the browser says it is offline (the copy at once, else a try).
 */
export async function courseOrCopy(courseId: string, read: () => Promise<CourseDetail>, failure?: unknown): Promise<CourseDetail> {
  const userId = currentUserId();
  const copy = userId && (failure === undefined || unanswered(failure)) ? await downloadedCourse(userId, courseId) : undefined;
  if (copy) return withWaitingProgress(userId!, copy.curso);
  if (failure !== undefined) throw failure as Error;
  return read();
}

/**
 * An answer that got no answer from the server and waits in the learner's outbox: not a failure, and never shown
 * as sent or graded. Told apart by name (use-grading.ts reads it without loading this room).
 */
export class KeptOffline extends Error {
  constructor() {
    super('Estás sin conexión: tu respuesta se guardó en este dispositivo y se enviará para corregirla cuando vuelva la conexión. Todavía no se ha enviado.');
    this.name = 'KeptOffline';
  }
}

/**
 * A lesson's self-check answer (its grading job's id), under an Idempotency-Key made for it; with the browser
 * offline, or no answer, it waits in the outbox under that key and `KeptOffline` is thrown.
 */
export async function submitSelfCheck(lesson: { courseId: string; moduleId: string; lessonId: string }, pregunta: number, respuesta: string): Promise<string> {
  const key = crypto.randomUUID();
  const userId = currentUserId();
  try {
    if (navigator.onLine) {
      const params = { id: lesson.courseId, moduleId: lesson.moduleId, lessonId: lesson.lessonId };
      return (await call('POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check', { params, body: { pregunta, respuesta } }, { silent: true, headers: { 'Idempotency-Key': key } })).jobId;
    }
  } catch (err) {
    if (!userId || !unanswered(err)) throw err;
  }
  if (!userId) throw new Error('Inicia sesión para responder.');
  await keepSelfCheck(userId, key, { ...lesson, pregunta, respuesta });
  throw new KeptOffline();
}

/**
 * The copy as the learner left it: lessons marked completed offline (waiting in the outbox) show completed after a
 * reload too. The percentages stay the server's until it answers.
 */
async function withWaitingProgress(userId: string, curso: CourseDetail): Promise<CourseDetail> {
  const done = new Set((await outboxOf(userId).list()).flatMap((e) => (e.kind === 'progreso' && e.courseId === curso.courseId ? [`${e.moduleId}/${e.lessonId}`] : [])));
  if (!done.size) return curso;
  return { ...curso, modulos: curso.modulos.map((m) => ({ ...m, lecciones: m.lecciones.map((l) => (done.has(`${m.moduleId}/${l.lessonId}`) ? { ...l, progreso: 'completado' as const } : l)) })) };
}

/**
 * "Marcar como completada" with the browser offline, or after a write that got no answer: the lesson waits in the
 * outbox (once per lesson) and the page shows it completed on this device, saying it is not sent yet.
 */
export async function keepLessonCompleted(lesson: { courseId: string; moduleId: string; lessonId: string }): Promise<void> {
  const userId = currentUserId();
  if (!userId) throw new Error('Inicia sesión para guardar tu progreso.');
  await keepProgress(userId, lesson);
}
