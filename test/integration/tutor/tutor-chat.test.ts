import { call, signUp } from '../support/api';
import { learnerWithCourse } from './course-fixture';

// The tutor on the local stack with the offline writer, which follows the tutor's rules
// deterministically (infra/local/offline-writer-tutor.ts).

let learner: Awaited<ReturnType<typeof learnerWithCourse>>;
beforeAll(async () => {
  learner = await learnerWithCourse();
}, 60000);

const chat = (body: unknown, token = learner.token) => call('POST', '/ai-tutor/chat', { token, body });

test('answers a question about the current lesson in Spanish Markdown, grounded in that lesson', async () => {
  const context = await call('GET', `/ai-tutor/context/${learner.courseId}?moduleId=m01&lessonId=l02`, { token: learner.token });
  const lesson = context.body.data.leccionActual;
  expect(lesson).toMatchObject({ moduleId: 'm01', lessonId: 'l02' });
  const res = await chat({ courseId: learner.courseId, moduleId: 'm01', lessonId: 'l02', message: '¿Me das un ejemplo de la idea principal de esta lección?' });
  expect(res.status).toBe(200);
  expect(res.body.data.tipo).toBe('explicacion');
  expect(res.body.data.respuesta).toContain(lesson.titulo);
  expect(res.body.data.respuesta).toMatch(/\?/); // asks back
  expect(res.body.data.demo).toBe(true);
  expect(res.body.data.cuota).toMatchObject({ plan: 'gratuito', limite: 20 });
});

test('keeps the conversation per learner and course, so it survives a reload', async () => {
  const message = '¿Cómo practico los fundamentos del curso?';
  await chat({ courseId: learner.courseId, message });
  const context = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  const turns = context.body.data.historial;
  expect(turns.at(-2)).toMatchObject({ rol: 'alumno', texto: message });
  expect(turns.at(-1).rol).toBe('tutor');
  expect(context.body.data.sugerencias.length).toBeGreaterThan(0);
  expect(context.body.data.modulos).toHaveLength(2);
});

test('gives hints, not the answer, on a question of an evaluation the learner has not passed', async () => {
  const evaluation = await call('POST', '/evaluacion/generate', { token: learner.token, body: { courseId: learner.courseId, moduleId: 'm01' } });
  expect(evaluation.status).toBe(200);
  const question = evaluation.body.data.preguntas[0];
  const res = await chat({ courseId: learner.courseId, message: `${question.enunciado} ${question.opciones.map((o: { texto: string }) => o.texto).join(' / ')}` });
  expect(res.status).toBe(200);
  expect(res.body.data.tipo).toBe('pistas');
  expect(res.body.data.respuesta).toMatch(/no te dir|no te voy a dar/i);
  for (const option of question.opciones) expect(res.body.data.respuesta).not.toContain(option.texto);
});

test('politely declines a question unrelated to the course', async () => {
  const res = await chat({ courseId: learner.courseId, message: '¿Quién ganó el mundial de fútbol de 2010?' });
  expect(res.status).toBe(200);
  expect(res.body.data.tipo).toBe('fuera_de_tema');
  expect(res.body.data.respuesta).toMatch(/se sale del tema/);
});

test("another learner's course answers 404 and their history stays untouched", async () => {
  const other = await signUp('Mario');
  const before = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  const asked = await chat({ courseId: learner.courseId, message: '¿Qué hay en este curso?' }, other.tokens.accessToken);
  expect(asked.status).toBe(404);
  expect(asked.body).toEqual({ success: false, message: 'No encontramos ese curso.' });
  expect((await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: other.tokens.accessToken })).status).toBe(404);
  expect((await call('DELETE', `/ai-tutor/context/${learner.courseId}`, { token: other.tokens.accessToken })).status).toBe(404);
  const after = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  expect(after.body.data.historial).toEqual(before.body.data.historial);
});

test.each([
  [{ message: 'Hola' }, 'El curso es obligatorio'],
  [{ courseId: 'x', message: '' }, 'El mensaje es obligatorio'],
  [{ courseId: 'x', message: 'a'.repeat(2001) }, 'El mensaje no puede superar 2000 caracteres'],
  [{ courseId: 'x', message: 'Hola', extra: 1 }, 'Campo no permitido: extra'],
])('bad input %j answers 400 in Spanish and writes nothing', async (body, message) => {
  const before = (await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token })).body.data;
  const res = await chat(body);
  expect(res).toMatchObject({ status: 400, body: { success: false, message } });
  const after = (await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token })).body.data;
  expect(after.cuota.usados).toBe(before.cuota.usados);
  expect(after.historial).toHaveLength(before.historial.length);
});

test('a lesson that is not in the course answers 404 and uses no quota', async () => {
  const before = (await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token })).body.data.cuota.usados;
  const res = await chat({ courseId: learner.courseId, moduleId: 'm09', lessonId: 'l01', message: 'Hola' });
  expect(res).toMatchObject({ status: 404, body: { message: 'No encontramos esa lección en tu curso.' } });
  expect((await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token })).body.data.cuota.usados).toBe(before);
});

test('clearing the history empties the conversation', async () => {
  const res = await call('DELETE', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Historial del tutor borrado' } });
  const context = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  expect(context.body.data.historial).toEqual([]);
});
