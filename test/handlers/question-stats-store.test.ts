import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import { dynamoQuestionStats } from '../../lambdas/evaluations/question-stats-store';
import { REPORTS_PER_DAY } from '../../lambdas/evaluations/question-quality';

// The reports and statistics store on DynamoDB Local (issue 20): the daily bound and the counters.

const db = documentClient();
const TABLE = process.env.TABLE_NAME as string;
const store = dynamoQuestionStats(db, TABLE);
const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const report = (preguntaId: string) => ({ courseId: COURSE, moduleId: 'm01', preguntaId, motivo: 'confusa' as const });
const item = async (userId: string, sk: string) => (await db.send(new GetCommand({ TableName: TABLE, Key: { pk: `USER#${userId}`, sk } }))).Item;

describe('the question reports store', () => {
  it(`takes ${REPORTS_PER_DAY} reports a day and refuses the next with 429, writing nothing for it; the next day counts anew`, async () => {
    const userId = crypto.randomUUID();
    for (let i = 0; i < REPORTS_PER_DAY; i++) await store.report(userId, 'v1', report(`q${i}`), NOW);
    await expect(store.report(userId, 'v1', report('qextra'), NOW)).rejects.toMatchObject({ status: 429, message: `Puedes reportar como máximo ${REPORTS_PER_DAY} preguntas al día. Vuelve a intentarlo mañana.` });
    expect(await item(userId, `COURSE#${COURSE}#Q#m01#R#qextra`)).toBeUndefined();
    expect((await item(userId, `COURSE#${COURSE}#Q#m01#S#v1`))?.['qextra#rep']).toBeUndefined();
    await expect(store.report(userId, 'v1', report('qextra'), NOW + 86_400_000)).resolves.toBe(1);
  });

  it('counts each attempt in one item per bank: answered, right, and both inside passed attempts', async () => {
    const userId = crypto.randomUUID();
    await store.addAttempt(userId, COURSE, 'm01', 'v1', false, [{ preguntaId: 'q1', correcta: true }, { preguntaId: 'q2', correcta: false }]);
    const counts = await store.addAttempt(userId, COURSE, 'm01', 'v1', true, [{ preguntaId: 'q1', correcta: true }, { preguntaId: 'q2', correcta: true }]);
    expect(counts).toEqual({ q1: { n: 2, ok: 2, np: 1, okp: 1 }, q2: { n: 2, ok: 1, np: 1, okp: 1 } });
  });
});
