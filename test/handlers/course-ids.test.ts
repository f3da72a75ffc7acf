import { routeKey, routes } from '../../lambdas/contract';
import { invoke, type RouteKey } from '../support/invoke';

// Issue 13: course ids are UUIDs (the contract's courseIdSchema). Anything else in a course's
// `{id}` (courses, evaluations, tutor) or a body's courseId (lessons, evaluations) is a 400 in
// Spanish, answered before any read.

const BAD_IDS = ['not-a-uuid', 'c1', 'c0ffee00-0000-4000-8000-00000000000', 'c0ffee00-0000-4000-8000-000000000000#L'];
const courseRoutes = routes.filter((r) => r.path.includes('{id}') && ['courses', 'evaluations', 'tutor'].includes(r.group));

describe('course ids', () => {
  it('covers every course {id} route', () => {
    expect(courseRoutes.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /courses/{id}', 'GET /courses/{id}/progress', 'POST /courses/{id}/progress', 'POST /courses/{id}/retry', 'POST /courses/{id}/modules/{moduleId}/evaluation', 'GET /ai-tutor/context/{id}', 'DELETE /ai-tutor/context/{id}']),
    );
  });

  it.each(courseRoutes.flatMap((r) => BAD_IDS.map((id) => [routeKey(r), id] as const)))('%s answers 400 for id %j', async (key, id) => {
    const outline = { modulos: [1, 2].map((m) => ({ titulo: `Módulo ${m}`, lecciones: [{ titulo: 'Una' }, { titulo: 'Otra' }] })) };
    const body = key.endsWith('/progress')
      ? { moduleId: 'm01', lessonId: 'l01', estado: 'completado' }
      : key.endsWith('/evaluation') ? { answers: [{ preguntaId: 'p1', opcion: 'A' }] } : key.endsWith('/outline') ? outline : key.endsWith('/refuerzo/respuesta') ? { item: 1, opcion: 'A' } : key.endsWith('/refuerzo/abierta') ? { respuesta: 'Mi respuesta con mis palabras' } : undefined;
    const res = await invoke(key as RouteKey, { userId: crypto.randomUUID(), params: { id, moduleId: 'm01' }, body });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'El curso no es válido' } });
  });

  it.each([
    ['POST /lesson/generate', { moduleId: 'm01', lessonId: 'l01' }],
    ['POST /evaluacion/generate', { moduleId: 'm01' }],
  ] as const)('%s answers 400 for a body courseId that is not a UUID', async (key, rest) => {
    const res = await invoke(key as RouteKey, { userId: crypto.randomUUID(), body: { courseId: 'c1', ...rest } });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'El curso no es válido' } });
  });

  it('still answers 404 for a well-formed id the learner does not own', async () => {
    const res = await invoke('GET /courses/{id}', { userId: crypto.randomUUID(), params: { id: crypto.randomUUID() } });
    expect(res).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos ese curso.' } });
  });
});
