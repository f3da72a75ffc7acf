import { matchRoute, routeKey } from '../../lambdas/contract';
import { rightOfflineOption } from '../integration/courses/support/courses';
import { invoke, type RouteKey } from './invoke';

// Finishing a course as a learner does: every lesson marked completado, every module's
// evaluation answered right (the offline writer's key, test/integration/courses/support/courses.ts).
// The same walk runs over the handlers (invoke) or over HTTP (an integration `call`).

export type Send = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** Calls the handlers in process, finding the route by its concrete path. */
export const viaHandlers = (userId: string): Send => async (method, path, body) => {
  const m = matchRoute(method, path);
  if (!m) throw new Error(`no route for ${method} ${path}`);
  return invoke(routeKey(m.route) as RouteKey, { userId, params: m.params, ...(body !== undefined && { body }) });
};

export interface Walk {
  /** Every answer of the walk, in order (progress and evaluation posts). */
  answers: { path: string; status: number; body: any }[];
  /** The `certificados` any of them carried. */
  issued: { certificateId: string; tipo: string; titulo: string; verificacion: string }[];
}

/** Passes one module's evaluation with the offline writer's right options. */
export async function passModule(send: Send, courseId: string, moduleId: string) {
  const ev = await send('POST', '/evaluacion/generate', { courseId, moduleId });
  if (ev.status !== 200) throw new Error(`evaluation answered ${ev.status}: ${JSON.stringify(ev.body)}`);
  const answers = ev.body.data.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: rightOfflineOption(q.opciones) }));
  return send('POST', `/courses/${courseId}/modules/${moduleId}/evaluation`, { answers });
}

/** Completes lessons and passes evaluations; `skip` leaves out one lesson (`m01/l02`) or one evaluation (`m01`). */
export async function finishCourse(send: Send, courseId: string, skip?: string): Promise<Walk> {
  const course = (await send('GET', `/courses/${courseId}`)).body.data;
  const walk: Walk = { answers: [], issued: [] };
  const record = (path: string, res: { status: number; body: any }) => {
    walk.answers.push({ path, ...res });
    walk.issued.push(...(res.body?.certificados ?? []));
  };
  for (const m of course.modulos) {
    if (skip !== m.moduleId) record(`${m.moduleId} evaluation`, await passModule(send, courseId, m.moduleId));
    for (const l of m.lecciones) {
      if (skip === `${m.moduleId}/${l.lessonId}`) continue;
      const path = `/courses/${courseId}/progress`;
      record(`${m.moduleId}/${l.lessonId}`, await send('POST', path, { moduleId: m.moduleId, lessonId: l.lessonId, estado: 'completado' }));
    }
  }
  return walk;
}
