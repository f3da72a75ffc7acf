import type { ProgressRequest } from '../../../../lambdas/contract/courses';
import { coursesApi, type ProgressResponse } from './api';

// A lesson's progress write, offline too (issue 44 item 3): with the browser offline, or a write that got no
// answer at all, a lesson marked COMPLETED waits in the learner's outbox (the offline room, loaded only then) and
// is sent when the connection returns; the route writes a state, so a replay counts once. The quiet `en_curso`
// sent on opening a lesson is not kept: it only moves "where you left off", which the next visit online sets.

/** The server's answer, or the lesson kept on this device (not sent yet). */
export type ProgressOutcome = { saved: ProgressResponse } | { kept: true };

/** No answer at all (no connection, a timeout); told from a refusal, which is the server's word. */
const unanswered = (err: unknown) => Boolean((err as { isAxiosError?: boolean } | null)?.isAxiosError && !(err as { response?: unknown }).response);

export async function saveProgress(courseId: string, body: ProgressRequest, background: boolean): Promise<ProgressOutcome> {
  try {
    if (navigator.onLine) return { saved: await coursesApi.setProgress(courseId, body, background) };
  } catch (err) {
    if (!unanswered(err) || body.estado !== 'completado') throw err;
  }
  if (body.estado !== 'completado') throw new Error('Sin conexión: el progreso se guardará en tu próxima visita.');
  await (await import('../offline')).keepLessonCompleted({ courseId, moduleId: body.moduleId, lessonId: body.lessonId });
  return { kept: true };
}
