import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';
import { call } from '../support/api';
import { learnerWithCourse } from './course-fixture';

// POST /feedback on the local stack: a vote on a lesson and on a tutor answer, stored with the
// prompt version and model and counted per prompt version (read by key, as operators do).

let learner: Awaited<ReturnType<typeof learnerWithCourse>>;
beforeAll(async () => {
  learner = await learnerWithCourse('Fotografía de paisaje');
}, 60000);

const feedback = (body: unknown, token = learner.token) => call('POST', '/feedback', { token, body });
async function counters(version: string) {
  const { db, name } = table();
  const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `VALORACION#${version}` } }));
  return out.Items ?? [];
}
const sum = (items: Record<string, unknown>[], f: string) => items.reduce((n, i) => n + Number(i[f] ?? 0), 0);

test('a 👎 with a reason on a lesson is stored with its prompt version and model, and a new vote replaces it in the counts', async () => {
  const before = await counters('leccion-v4');
  const res = await feedback({ courseId: learner.courseId, tipo: 'leccion', moduleId: 'm01', lessonId: 'l02', valoracion: 'negativa', motivo: 'El ejemplo no se entiende' });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ valoracion: 'negativa', versionPrompt: 'leccion-v4' });
  expect(res.body.data.modelo).not.toBe('desconocido');
  const after = await counters('leccion-v4');
  expect(sum(after, 'negativas') - sum(before, 'negativas')).toBe(1);

  expect((await feedback({ courseId: learner.courseId, tipo: 'leccion', moduleId: 'm01', lessonId: 'l02', valoracion: 'positiva' })).status).toBe(200);
  const changed = await counters('leccion-v4');
  expect(sum(changed, 'negativas')).toBe(sum(before, 'negativas'));
  expect(sum(changed, 'positivas') - sum(before, 'positivas')).toBe(1);
  const { db, name } = table();
  const vote = await db.send(new GetCommand({ TableName: name, Key: { pk: `USER#${learner.user.id}`, sk: `FEEDBACK#${learner.courseId}#L#m01#l02` } }));
  expect(vote.Item).toMatchObject({ valoracion: 'positiva', versionPrompt: 'leccion-v4', tipo: 'leccion' });
  expect(vote.Item).not.toHaveProperty('motivo');
});

test('a 👍 on a tutor answer is counted under the tutor prompt version', async () => {
  const chat = await call('POST', '/ai-tutor/chat', { token: learner.token, body: { courseId: learner.courseId, message: '¿Qué es la regla de los tercios?' } });
  expect(chat.status).toBe(200);
  expect(chat.body.data.tipo).toBe('explicacion');
  const before = sum(await counters('tutor-v4'), 'positivas');
  const res = await feedback({ courseId: learner.courseId, tipo: 'tutor', respuesta: chat.body.data.fecha, valoracion: 'positiva' });
  expect(res.status).toBe(200);
  expect(res.body.data.versionPrompt).toBe('tutor-v4');
  expect(sum(await counters('tutor-v4'), 'positivas') - before).toBe(1);
});

test.each([
  [{ tipo: 'leccion', moduleId: 'm01', lessonId: 'l01', valoracion: 'positiva' }, 400, 'El curso es obligatorio'],
  [{ courseId: 'x', tipo: 'leccion', valoracion: 'positiva' }, 400, 'Indica el módulo y la lección que valoras'],
  [{ courseId: 'x', tipo: 'tutor', valoracion: 'meh', respuesta: '2026-11-22T10:00:00.000Z' }, 400, 'La valoración debe ser "positiva" o "negativa"'],
  [{ courseId: 'x', tipo: 'leccion', moduleId: 'm01', lessonId: 'l01', valoracion: 'positiva', extra: 1 }, 400, undefined],
])('refuses %j in Spanish and writes nothing', async (body, status, message) => {
  const before = await counters('leccion-v4');
  const res = await feedback(body);
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  if (message) expect(res.body.message).toContain(message);
  expect(await counters('leccion-v4')).toEqual(before);
});

test("a lesson of another learner's course or an unknown tutor answer answers 404 and counts nothing", async () => {
  const before = await counters('leccion-v4');
  const other = await learnerWithCourse('Jardinería');
  expect((await feedback({ courseId: learner.courseId, tipo: 'leccion', moduleId: 'm01', lessonId: 'l01', valoracion: 'negativa' }, other.token)).status).toBe(404);
  expect((await feedback({ courseId: learner.courseId, tipo: 'leccion', moduleId: 'm09', lessonId: 'l01', valoracion: 'negativa' })).status).toBe(404);
  const unknown = await feedback({ courseId: learner.courseId, tipo: 'tutor', respuesta: '2020-01-01T00:00:00.000Z', valoracion: 'negativa' });
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe('No encontramos esa respuesta del tutor en tu conversación.');
  expect(await counters('leccion-v4')).toEqual(before);
}, 60000);
