import { call, signUp } from '../support/api';
import { waitForJob } from './support/courses';

// PUT /courses/{id}/outline over HTTP (issue 15): only while the course waits for its outline;
// the edit is checked against the course shape and the size asked for; after it the lessons follow
// the edited outline.

async function courseInReview(token: string) {
  const plan = await call('POST', '/courses/plan', { token, body: { topic: 'Cocina mediterránea', level: 'intermedio', modulos: 2, leccionesPorModulo: 2, revisarTemario: true } });
  const courseId: string = plan.body.curso.courseId;
  const until = Date.now() + 60_000;
  for (;;) {
    const course = (await call('GET', `/courses/${courseId}`, { token })).body.data;
    if (course.estado === 'revisando_temario') return { courseId, jobId: plan.body.jobId as string, course };
    if (course.estado !== 'generando' || Date.now() > until) throw new Error(`never in review: ${JSON.stringify(course)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('editing the outline before the lessons', () => {
  it('waits for the learner, refuses a bad outline without changing anything, then writes the lessons of the edited one', async () => {
    const { tokens } = await signUp();
    const token = tokens.accessToken;
    const { courseId, jobId, course } = await courseInReview(token);
    expect(course.modulos.flatMap((m: any) => m.lecciones.map((l: any) => l.estado))).toEqual(['pendiente', 'pendiente', 'pendiente', 'pendiente']);
    // The job shows the wait: a page following it reads the course again when that changes.
    const waiting = await call('GET', `/jobs/${jobId}`, { token });
    expect(waiting.body.data).toMatchObject({ status: 'en_proceso', revisandoTemario: true, stepLabel: 'Esperando tu revisión del temario' });

    const tooBig = { modulos: course.modulos.map((m: any) => ({ moduleId: m.moduleId, titulo: m.titulo, lecciones: Array.from({ length: 7 }, (_, i) => ({ titulo: `Lección ${i + 1}` })) })) };
    expect(await call('PUT', `/courses/${courseId}/outline`, { token, body: tooBig })).toMatchObject({ status: 400, body: { success: false, message: 'Cada módulo puede tener como máximo 6 lecciones' } });
    expect((await call('GET', `/courses/${courseId}`, { token })).body.data.estado).toBe('revisando_temario');

    // Issue 20: the course was asked (and paid) as 2 modules × 2 lessons; an edit cannot make it larger.
    const [m1, m2] = course.modulos;
    const lessonsOf = (m: any) => m.lecciones.map((l: any) => ({ lessonId: l.lessonId, titulo: l.titulo }));
    const larger = {
      modulos: [
        { moduleId: m2.moduleId, titulo: m2.titulo, lecciones: [...lessonsOf(m2), { titulo: 'Aceite de oliva y sus usos' }] },
        { moduleId: m1.moduleId, titulo: 'Bases renombradas', lecciones: lessonsOf(m1) },
        { titulo: 'Menús de temporada', lecciones: [{ titulo: 'Primavera' }, { titulo: 'Otoño' }] },
      ],
    };
    expect(await call('PUT', `/courses/${courseId}/outline`, { token, body: larger })).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/^Tu temario puede tener como máximo 2 módulos/) } });
    const moreLessons = { modulos: [{ ...larger.modulos[0] }, larger.modulos[1]] };
    expect(await call('PUT', `/courses/${courseId}/outline`, { token, body: moreLessons })).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/^Cada módulo puede tener como máximo 2 lecciones/) } });
    expect((await call('GET', `/courses/${courseId}`, { token })).body.data.estado).toBe('revisando_temario');

    // Swap the modules, rename one, swap a lesson for a new one: the size asked for.
    const edit = {
      modulos: [
        { moduleId: m2.moduleId, titulo: m2.titulo, lecciones: [lessonsOf(m2)[0], { titulo: 'Aceite de oliva y sus usos' }] },
        { moduleId: m1.moduleId, titulo: 'Bases renombradas', lecciones: lessonsOf(m1) },
      ],
    };
    expect(await call('PUT', `/courses/${courseId}/outline`, { token, body: edit })).toMatchObject({ status: 200, body: { success: true, data: { estado: 'generando' } } });
    // Once confirmed, the review is over.
    expect((await call('PUT', `/courses/${courseId}/outline`, { token, body: edit })).status).toBe(409);
    expect((await call('GET', `/jobs/${jobId}`, { token })).body.data.revisandoTemario).toBeUndefined();

    expect(await waitForJob(token, jobId)).toMatchObject({ status: 'completado', done: 2 + 4 + 2 + 1, total: 9 });
    const done = (await call('GET', `/courses/${courseId}`, { token })).body.data;
    expect(done.modulos.map((m: any) => [m.moduleId, m.titulo, m.lecciones.map((l: any) => l.titulo)])).toEqual([
      ['m01', m2.titulo, [m2.lecciones[0].titulo, 'Aceite de oliva y sus usos']],
      ['m02', 'Bases renombradas', m1.lecciones.map((l: any) => l.titulo)],
    ]);
    expect(done.modulos.flatMap((m: any) => m.lecciones.map((l: any) => l.estado))).toEqual(Array(4).fill('lista'));
    expect(done.modulos.map((m: any) => m.evaluacion.estado)).toEqual(['lista', 'lista']);
    expect(done.progreso.total).toBe(4);
  }, 120_000);

  it('answers 409 for a course that is not waiting for its outline', async () => {
    const { tokens } = await signUp();
    const plan = await call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic: 'Ajedrez', level: 'principiante', modulos: 2, leccionesPorModulo: 2 } });
    await waitForJob(tokens.accessToken, plan.body.jobId);
    const body = { modulos: [1, 2].map((n) => ({ titulo: `Módulo ${n}`, lecciones: [{ titulo: 'Una lección' }, { titulo: 'Otra lección' }] })) };
    expect(await call('PUT', `/courses/${plan.body.curso.courseId}/outline`, { token: tokens.accessToken, body })).toMatchObject({ status: 409, body: { success: false } });
  }, 120_000);
});
