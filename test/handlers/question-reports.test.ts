import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';
import { TOMORROW, failedEvaluation, later } from '../support/review-fixtures';

// Reports, statistics and withdrawal (issue 20) through the evaluations Lambda, on DynamoDB Local.

type Shown = { preguntaId: string; opciones: { opcion: string; texto: string }[] };
type Stored = { preguntaId: string; opciones: string[]; correcta: string; retirada?: true };
const db = () => documentClient();
const evaluation = async (userId: string, courseId: string) =>
  (await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `USER#${userId}`, sk: `COURSE#${courseId}#E#m01` } }))).Item as { preguntas: Stored[]; intentos: { aprobado: boolean }[]; aprobadaEn?: string };

/** Answers the current variant right, from the bank in the table. */
async function passedEvaluation(userId: string, courseId: string) {
  const shown = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: 'm01' } });
  const bank = new Map((await evaluation(userId, courseId)).preguntas.map((q) => [q.preguntaId, q]));
  const answers = (shown.body.data.preguntas as Shown[]).map((p) => {
    const q = bank.get(p.preguntaId)!;
    const right = q.opciones['ABCD'.indexOf(q.correcta)];
    return { preguntaId: p.preguntaId, opcion: p.opciones.find((o) => o.texto === right)!.opcion };
  });
  const graded = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId, params: { id: courseId, moduleId: 'm01' }, body: { answers } });
  expect(graded).toMatchObject({ status: 200, body: { data: { aprobado: true } } });
  return answers.map((a) => a.preguntaId);
}

describe('a reported question', () => {
  it('cannot be reported by another learner: 404, and nothing is written', async () => {
    const [a, b] = await Promise.all([learner('Ana'), learner('Beto')]);
    const { courseId } = await generatedCourse(a.userId);
    const [shown] = await failedEvaluation(a.userId, courseId);
    const res = await invoke('POST /evaluacion/reportar', { userId: b.userId, body: { courseId, moduleId: 'm01', preguntaId: shown, motivo: 'confusa' } });
    expect(res).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos esa pregunta entre las que has respondido en este módulo.' } });
    expect((await evaluation(a.userId, courseId)).preguntas.find((q) => q.preguntaId === shown)?.retirada).toBeUndefined();
  });

  it('refuses a reason outside the list and text over 500 characters, in Spanish', async () => {
    const { userId } = await learner();
    const body = { courseId: crypto.randomUUID(), moduleId: 'm01', preguntaId: 'q1', motivo: 'confusa', detalle: 'x'.repeat(501) };
    expect(await invoke('POST /evaluacion/reportar', { userId, body })).toMatchObject({ status: 400, body: { message: 'El comentario admite como máximo 500 caracteres' } });
  });

  it('is withdrawn from the bank after a pass, and the pass stands', async () => {
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId);
    const drawn = await passedEvaluation(userId, courseId);
    const before = await evaluation(userId, courseId);
    const res = await invoke('POST /evaluacion/reportar', { userId, body: { courseId, moduleId: 'm01', preguntaId: drawn[0], motivo: 'varias_correctas' } });
    expect(res).toMatchObject({ status: 200, body: { data: { retirada: true } } });
    const after = await evaluation(userId, courseId);
    expect(after.preguntas.find((q) => q.preguntaId === drawn[0])?.retirada).toBe(true);
    expect(after.aprobadaEn).toBe(before.aprobadaEn);
    expect(after.intentos).toEqual(before.intentos);
    expect(after.intentos[0].aprobado).toBe(true);
  });
});

describe('a question reported from review', () => {
  it('is found by the card the learner holds; another learner naming that card gets 404', async () => {
    const [a, b] = await Promise.all([learner('Ana'), learner('Beto')]);
    const { courseId } = await generatedCourse(a.userId);
    await failedEvaluation(a.userId, courseId);
    const due = await later(TOMORROW, () => invoke('GET /review/due', { userId: a.userId }));
    const card = (due.body.data.tarjetas as { cardId: string; courseId: string; moduleId: string; tipo: string }[]).find((c) => c.tipo === 'opcion_multiple')!;
    const body = { courseId: card.courseId, moduleId: card.moduleId, cardId: card.cardId, motivo: 'ninguna_correcta' };
    expect(await invoke('POST /evaluacion/reportar', { userId: b.userId, body })).toMatchObject({ status: 404 });
    expect(await invoke('POST /evaluacion/reportar', { userId: a.userId, body })).toMatchObject({ status: 200, body: { data: { reportada: true, retirada: true } } });
  });
});

describe("a graded attempt's statistics", () => {
  it('add, in one item per bank, how often each question was answered and answered right, split by pass and fail', async () => {
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId);
    const wrong = await failedEvaluation(userId, courseId);
    const out = await db().send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': `COURSE#${courseId}#Q#m01#S#` } }),
    );
    expect(out.Items).toHaveLength(1);
    const stats = out.Items![0];
    for (const id of wrong) expect([stats[`${id}#n`], stats[`${id}#ok`], stats[`${id}#np`]]).toEqual([1, undefined, undefined]);
  });
});
