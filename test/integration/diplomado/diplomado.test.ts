import { call, signUp } from '../support/api';
import { upgradeAndPay } from '../payments/support';
import { waitForJob } from '../tutor/course-fixture';
import { plannedDiplomado } from '../support/model-jobs';

// The diplomado on the local stack (offline writer): a programme planned, stored for its learner,
// and its courses generated through the same pipeline as POST /courses/plan.

/** A premium learner and a diplomado just planned, of the test's own: no test relies on another's. */
async function ownDiplomado() {
  const token = (await signUp('Elena')).tokens.accessToken;
  // The diplomado is a premium feature: Elena pays on the local checkout first.
  await upgradeAndPay(token);
  return { token, diplomado: await plannedDiplomado(token, { topic: 'Diseño web', level: 'intermedio', objetivo: 'crear mi portafolio' }) };
}

test('plans a programme of 3 to 6 courses in order, each with título, descripción, objetivos and prerrequisitos', async () => {
  const { diplomado } = await ownDiplomado();
  expect(diplomado).toMatchObject({ topic: 'Diseño web', nivel: 'intermedio', objetivo: 'crear mi portafolio', modo: 'demostracion' });
  expect(diplomado.cursos.length).toBeGreaterThanOrEqual(3);
  expect(diplomado.cursos.length).toBeLessThanOrEqual(6);
  diplomado.cursos.forEach((c: any, i: number) => {
    expect(c).toMatchObject({ index: i, estado: 'sin_generar', progreso: { porcentaje: 0 } });
    expect(c.titulo.length).toBeGreaterThan(3);
    expect(c.objetivos.length).toBeGreaterThanOrEqual(2);
    expect(Array.isArray(c.prerrequisitos)).toBe(true);
  });
  expect(diplomado.progreso.porcentaje).toBe(0);
});

test('is stored for the learner: listed and readable again', async () => {
  const { token, diplomado } = await ownDiplomado();
  const list = await call('GET', '/diplomado', { token });
  expect(list.body.data).toEqual([expect.objectContaining({ diplomadoId: diplomado.diplomadoId, cursos: diplomado.cursos.length, generados: 0 })]);
  const one = await call('GET', `/diplomado/${diplomado.diplomadoId}`, { token });
  expect(one.body.data.cursos.map((c: any) => c.titulo)).toEqual(diplomado.cursos.map((c: any) => c.titulo));
});

test('generates a course through the course pipeline, linked to its place in the programme', async () => {
  const { token, diplomado } = await ownDiplomado();
  const res = await call('POST', '/diplomado/course', { token, body: { diplomadoId: diplomado.diplomadoId, index: 0 } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, curso: { courseId: expect.any(String), estado: 'generando' }, jobId: expect.any(String) });
  const job = await waitForJob(token, res.body.jobId, 60000);
  expect(job.status).toBe('completado');
  const course = await call('GET', `/courses/${res.body.curso.courseId}`, { token });
  expect(course.body.data).toMatchObject({ estado: 'listo', topic: diplomado.cursos[0].titulo, nivel: 'intermedio' });
  const view = (await call('GET', `/diplomado/${diplomado.diplomadoId}`, { token })).body.data;
  expect(view.cursos[0]).toMatchObject({ courseId: res.body.curso.courseId, jobId: res.body.jobId, estado: 'listo' });
  expect(view.cursos.slice(1).every((c: any) => c.estado === 'sin_generar')).toBe(true);
}, 70000);

test('never generates the same course twice', async () => {
  const { token, diplomado } = await ownDiplomado();
  expect((await call('POST', '/diplomado/course', { token, body: { diplomadoId: diplomado.diplomadoId, index: 0 } })).status).toBe(200);
  const again = await call('POST', '/diplomado/course', { token, body: { diplomadoId: diplomado.diplomadoId, index: 0 } });
  expect(again).toMatchObject({ status: 409, body: { message: 'Este curso del diplomado ya se generó o se está generando.' } });
});

test('generates every remaining course at once, each linked to its own index', async () => {
  const { token, diplomado } = await ownDiplomado();
  const first = await call('POST', '/diplomado/course', { token, body: { diplomadoId: diplomado.diplomadoId, index: 0 } });
  expect(first.status).toBe(200);
  const res = await call('POST', '/diplomado/course', { token, body: { diplomadoId: diplomado.diplomadoId, todos: true } });
  expect(res.status).toBe(200);
  const started = res.body.data.cursos;
  expect(started.map((c: any) => c.index)).toEqual(diplomado.cursos.slice(1).map((c: any) => c.index));
  expect(new Set(started.map((c: any) => c.curso.courseId)).size).toBe(started.length);
  await Promise.all([first.body.jobId, ...started.map((c: any) => c.jobId)].map((jobId) => waitForJob(token, jobId, 240_000)));
  const view = (await call('GET', `/diplomado/${diplomado.diplomadoId}`, { token })).body.data;
  expect(view.cursos.every((c: any) => c.estado === 'listo')).toBe(true);
  const progress = await call('POST', `/courses/${view.cursos[0].courseId}/progress`, { token, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
  expect(progress.status).toBe(200);
  const after = (await call('GET', `/diplomado/${diplomado.diplomadoId}`, { token })).body.data;
  expect(after.cursos[0].progreso.porcentaje).toBe(5); // 1 of 20 lessons
  expect(after.progreso.porcentaje).toBe(Math.round(5 / after.cursos.length));
}, 300_000); // bounds, not paces: up to five courses generated at once outlasted 100 s in a loaded CI run

test("another learner's diplomado answers 404 and nothing is generated", async () => {
  const { diplomado } = await ownDiplomado();
  const other = (await signUp('Iván')).tokens.accessToken;
  expect((await call('GET', `/diplomado/${diplomado.diplomadoId}`, { token: other })).status).toBe(404);
  const res = await call('POST', '/diplomado/course', { token: other, body: { diplomadoId: diplomado.diplomadoId, index: 1 } });
  expect(res).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos ese diplomado.' } });
  expect((await call('GET', '/courses/my-courses', { token: other })).body.data).toEqual([]);
  expect((await call('GET', '/diplomado', { token: other })).body.data).toEqual([]);
});

test.each([
  ['/diplomado/plan', { topic: 'Diseño web', level: 'experto' }, 'El nivel debe ser principiante, intermedio o avanzado'],
  ['/diplomado/plan', { topic: 'Diseño web', level: 'intermedio', extra: true }, 'Campo no permitido: extra'],
  ['/diplomado/course', { diplomadoId: 'x', index: 0, todos: true }, 'Indica el índice del curso o todos: true, no ambos'],
  ['/diplomado/course', { diplomadoId: 'x', index: 1.5 }, 'El índice del curso debe ser un número entero'],
])('bad input on %s answers 400 in Spanish', async (path, body, message) => {
  const { token } = await ownDiplomado();
  expect(await call('POST', path, { token, body })).toMatchObject({ status: 400, body: { success: false, message } });
});

test('an index past the programme answers 400 and claims nothing', async () => {
  const { token, diplomado: fresh } = await ownDiplomado();
  const res = await call('POST', '/diplomado/course', { token, body: { diplomadoId: fresh.diplomadoId, index: fresh.cursos.length } });
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(/^El diplomado tiene \d cursos/);
});
