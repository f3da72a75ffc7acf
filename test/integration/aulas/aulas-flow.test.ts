import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SHARED_WITH_TEACHER } from '../../../lambdas/contract';
import { planOf, table, upgradeAndPay } from '../payments/support';
import { call, signUp } from '../support/api';
import { learnerWithCourse } from '../tutor/course-fixture';

// Aulas on the local stack over HTTP (issue 25, docs/aulas.md): a teacher, two learners and a stranger.
// Create, assign, preview, join, the teacher's view, leave (404 after); every other learner 404; the
// free-plan teacher and the full aula refused in Spanish with nothing written.

const NOT_FOUND = 'No encontramos esa aula.';

async function premiumTeacher() {
  const teacher = await learnerWithCourse('Biología celular');
  await upgradeAndPay(teacher.token);
  for (let i = 0; i < 50 && (await planOf(teacher.token)) !== 'premium'; i++) await new Promise((r) => setTimeout(r, 100));
  return teacher;
}

it('a teacher and two learners: create, assign, preview, join, the teacher sees only members, leaving ends it', async () => {
  const teacher = await premiumTeacher();
  const [ana, beto, extrano] = await Promise.all([signUp('Ana'), signUp('Beto'), signUp('Extraño')]);
  const as = (who: { tokens: { accessToken: string } }) => who.tokens.accessToken;

  const created = await call('POST', '/aulas', { token: teacher.token, body: { nombre: 'Biología 3.º B' } });
  expect(created.status).toBe(201);
  const { aulaId, codigo } = created.body.data;
  const assigned = await call('PUT', `/aulas/${aulaId}/asignaciones`, { token: teacher.token, body: { cursos: [teacher.courseId] } });
  expect(assigned.status).toBe(200);

  // Before joining: exactly what the teacher will see, and nothing is written.
  const preview = await call('GET', `/aulas/invitacion/${codigo}`, { token: as(ana) });
  expect(preview.body.data).toMatchObject({ nombre: 'Biología 3.º B', compartes: [...SHARED_WITH_TEACHER], yaEresMiembro: false });
  expect(preview.body.data.cursos).toHaveLength(1);

  const anaJoin = await call('POST', '/aulas/join', { token: as(ana), body: { codigo } });
  expect(anaJoin.status).toBe(201);
  const anaCopy = anaJoin.body.data.cursos[0].miCurso;
  expect((await call('POST', '/aulas/join', { token: as(beto), body: { codigo: codigo.toLowerCase() } })).status).toBe(201);

  // Ana's copy is hers: studied, counted in the teacher's view.
  expect((await call('POST', `/courses/${anaCopy}/progress`, { token: as(ana), body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } })).status).toBe(200);
  const group = await call('GET', `/aulas/${aulaId}/grupo`, { token: teacher.token });
  expect(group.status).toBe(200);
  expect(group.body.data.miembros.map((m: { nombre: string }) => m.nombre)).toEqual(['Ana', 'Beto']);
  expect(group.body.data.miembros[0].cursos[0].modulos[0].progreso).toMatchObject({ completadas: 1, total: 2 });
  // Never an email or anything outside the assigned courses.
  expect(JSON.stringify(group.body)).not.toMatch(/@example\.com/);

  // Every other learner: 404 on the group, on a member and on the teacher's routes.
  for (const who of [ana, beto, extrano]) {
    expect(await call('GET', `/aulas/${aulaId}/grupo`, { token: as(who) })).toMatchObject({ status: 404, body: { message: NOT_FOUND } });
    expect((await call('GET', `/aulas/${aulaId}/miembros/${ana.user.id}`, { token: as(who) })).status).toBe(404);
    expect((await call('PUT', `/aulas/${aulaId}/asignaciones`, { token: as(who), body: { cursos: [] } })).status).toBe(404);
  }
  expect((await call('GET', `/aulas/${aulaId}/miembros/${extrano.user.id}`, { token: teacher.token })).status).toBe(404);

  // Leaving ends the teacher's view of Ana at once; her copy stays hers.
  expect((await call('DELETE', `/aulas/${aulaId}/membership`, { token: as(ana) })).status).toBe(200);
  expect((await call('GET', `/aulas/${aulaId}/miembros/${ana.user.id}`, { token: teacher.token })).status).toBe(404);
  expect((await call('GET', `/aulas/${aulaId}/grupo`, { token: teacher.token })).body.data.miembros.map((m: { nombre: string }) => m.nombre)).toEqual(['Beto']);
  expect((await call('GET', `/courses/${anaCopy}`, { token: as(ana) })).status).toBe(200);
}, 120000);

it('a free-plan teacher, a wrong code and a full aula are refused in Spanish and write nothing', async () => {
  const free = await signUp('Gratis');
  const refused = await call('POST', '/aulas', { token: free.tokens.accessToken, body: { nombre: 'Mi clase' } });
  expect(refused).toMatchObject({ status: 402, body: { success: false, message: expect.stringContaining('plan premium') } });
  expect((await call('GET', '/aulas', { token: free.tokens.accessToken })).body.data).toEqual({ comoProfesor: [], comoMiembro: [] });
  expect(await call('POST', '/aulas/join', { token: free.tokens.accessToken, body: { codigo: 'ZZZZ2222' } }))
    .toMatchObject({ status: 404, body: { message: 'No encontramos ningún aula con ese código. Revisa que esté bien escrito.' } });

  const teacher = await premiumTeacher();
  const { aulaId, codigo } = (await call('POST', '/aulas', { token: teacher.token, body: { nombre: 'Grupo pequeño' } })).body.data;
  const { db, name } = table();
  await db.send(new UpdateCommand({ TableName: name, Key: { pk: `AULA#${aulaId}`, sk: 'AULA' }, UpdateExpression: 'SET maxMiembros = :m', ExpressionAttributeValues: { ':m': 1 } }));
  expect((await call('POST', '/aulas/join', { token: free.tokens.accessToken, body: { codigo } })).status).toBe(201);
  const late = await signUp('Tarde');
  expect(await call('POST', '/aulas/join', { token: late.tokens.accessToken, body: { codigo } })).toMatchObject({ status: 409, body: { message: expect.stringContaining('completa') } });
  expect((await call('GET', '/aulas', { token: late.tokens.accessToken })).body.data.comoMiembro).toEqual([]);
}, 120000);
