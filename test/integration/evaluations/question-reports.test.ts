import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';
import { call, signUp } from '../support/api';
import { generateCourse, rightOfflineOption, wrongOfflineOption } from '../courses/support/courses';

// "Reportar pregunta" on the local stack (issue 20), the attacker first: another learner cannot
// reach a question, a reason outside the list is refused in Spanish, a report is taken once, and a
// report after a pass withdraws the question without touching the pass.

type Shown = { preguntaId: string; opciones: { opcion: string; texto: string }[] };
const MSG_NOT_SHOWN = 'No encontramos esa pregunta entre las que has respondido en este módulo.';

async function evaluationItem(userId: string, courseId: string) {
  const { db, name } = table();
  return (await db.send(new GetCommand({ TableName: name, Key: { pk: `USER#${userId}`, sk: `COURSE#${courseId}#E#m01` } }))).Item as { preguntas: { preguntaId: string; retirada?: true }[]; aprobadaEn?: string; intentos: unknown[] };
}

/** Answers module 1's current questions, all right or all wrong; answers the ids shown and the grade. */
async function answerAll(token: string, courseId: string, right: boolean) {
  const shown = (await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } })).body.data as { varianteId: string; preguntas: Shown[] };
  const answers = shown.preguntas.map((p) => ({ preguntaId: p.preguntaId, opcion: right ? rightOfflineOption(p.opciones) : wrongOfflineOption(p.opciones) }));
  const graded = await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { varianteId: shown.varianteId, answers } });
  expect(graded.status).toBe(200);
  return { ids: answers.map((a) => a.preguntaId), aprobado: graded.body.data.aprobado as boolean };
}

it('another learner, a bad reason and a second report are refused and change nothing; the owner\'s report after a pass keeps the pass', async () => {
  const [a, b] = await Promise.all([signUp('Ana'), signUp('Beto')]);
  const { courseId } = await generateCourse(a.tokens.accessToken, { topic: 'Astronomía básica', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  const passed = await answerAll(a.tokens.accessToken, courseId, true);
  expect(passed.aprobado).toBe(true);
  const before = await evaluationItem(a.user.id, courseId);
  const body = { courseId, moduleId: 'm01', preguntaId: passed.ids[0], motivo: 'clave_incorrecta' };

  // B names A's course and a question A was shown: B's partition has neither.
  expect(await call('POST', '/evaluacion/reportar', { token: b.tokens.accessToken, body })).toMatchObject({ status: 404, body: { success: false, message: MSG_NOT_SHOWN } });
  expect(await call('POST', '/evaluacion/reportar', { token: a.tokens.accessToken, body: { ...body, motivo: 'no_me_gusta' } })).toMatchObject({ status: 400, body: { success: false, message: 'Elige un motivo de la lista' } });
  expect(await evaluationItem(a.user.id, courseId)).toEqual(before);

  expect(await call('POST', '/evaluacion/reportar', { token: a.tokens.accessToken, body })).toMatchObject({ status: 200, body: { data: { reportada: true, retirada: true } } });
  expect(await call('POST', '/evaluacion/reportar', { token: a.tokens.accessToken, body })).toMatchObject({ status: 409, body: { message: 'Ya reportaste esta pregunta. Gracias: la estamos revisando.' } });
  const after = await evaluationItem(a.user.id, courseId);
  expect(after.preguntas.filter((q) => q.retirada).map((q) => q.preguntaId)).toEqual([passed.ids[0]]);
  expect([after.aprobadaEn, after.intentos]).toEqual([before.aprobadaEn, before.intentos]);
}, 180_000);
