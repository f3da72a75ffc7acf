import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { itemKey, MIN_ANSWERS_TO_WITHDRAW } from '../../lambdas/evaluations/item-quality';
import { WITHDRAWN_QUEUE } from '../../lambdas/evaluations/item-stats-store';
import type { BankQuestion } from '../../lambdas/shared/ai/schemas';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { generatedCourse, learner, smallCourse } from '../support/learners';
import { failedEvaluation } from '../support/review-fixtures';

// Issue 41 item 3 through the evaluations Lambda, on DynamoDB Local: graded answers add to each
// item's statistics across learners (the same offline course gives two learners the same items
// under different ids), and an item withdrawn anywhere is not drawn in anyone's bank.
//
// Items are named by their text, and every file of the handlers project shares one stack: a course
// of the fixtures' usual topic has the same items as other files' courses, whose graded answers
// would add to the counts below and whose draws the withdrawal below would empty. So each test
// asks for a topic of its own, unique to the run (the offline writer gives one topic the same
// texts, and another topic other texts).
// Each test generates whole courses through the local pipeline, the first of the run paying its cold
// start: 22-48 s measured at load 7-9, past jest's 30 s. The bound of this project's course tests.
const BOUND_MS = 120_000;
const ownTopic = (what: string) => ({ ...smallCourse, topic: `Estadística de ${what} ${Date.now().toString(36)}` });

type Stored = BankQuestion & { retirada?: true };
const db = () => documentClient();
const TableName = () => process.env.TABLE_NAME;
const bankOf = async (userId: string, courseId: string) =>
  (await db().send(new GetCommand({ TableName: TableName(), Key: { pk: `USER#${userId}`, sk: `COURSE#${courseId}#E#m01` } }))).Item as { preguntas: Stored[] };
const itemOf = async (key: string) => (await db().send(new GetCommand({ TableName: TableName(), Key: { pk: `ITEM#${key}`, sk: 'STATS' } }))).Item;

describe('item statistics across learners', () => {
  it('add each graded answer to its item, named by its text: two learners answering the same question add to one item', async () => {
    const [a, b] = await Promise.all([learner('Ana'), learner('Beto')]);
    const topic = ownTopic('preguntas');
    const [ca, cb] = await Promise.all([generatedCourse(a.userId, topic), generatedCourse(b.userId, topic)]);
    const [wrongA, wrongB] = await Promise.all([failedEvaluation(a.userId, ca.courseId), failedEvaluation(b.userId, cb.courseId)]);
    const [bankA, bankB] = await Promise.all([bankOf(a.userId, ca.courseId), bankOf(b.userId, cb.courseId)]);
    const keysA = new Set(wrongA.map((id) => itemKey(bankA.preguntas.find((q) => q.preguntaId === id)!)));
    const shared = wrongB.map((id) => itemKey(bankB.preguntas.find((q) => q.preguntaId === id)!)).filter((k) => keysA.has(k));
    // Different random ids, the same texts: drawn at random, some questions met both learners.
    expect(new Set(bankA.preguntas.map((q) => q.preguntaId)).has(bankB.preguntas[0].preguntaId)).toBe(false);
    // Two draws of 20 from one bank share some questions (no overlap has odds far below 1e-6).
    expect(shared.length).toBeGreaterThan(0);
    for (const key of shared) expect(await itemOf(key)).toMatchObject({ n: 2, r: expect.any(Number) });
    const alone = [...keysA].find((k) => !shared.includes(k))!;
    expect((await itemOf(alone))?.n).toBe(1);
    // Sums, never a learner's id.
    expect(JSON.stringify(await itemOf(alone))).not.toContain(a.userId);
  }, BOUND_MS);

  it('never draws an item withdrawn in another bank, and marks it withdrawn in this one', async () => {
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId, ownTopic('retiradas'));
    const bank = await bankOf(userId, courseId);
    // Statistics elsewhere withdrew ten of this bank's items (another learner's copy of the same questions).
    const out = bank.preguntas.slice(0, 10);
    await Promise.all(out.map((q) => db().send(new PutCommand({ TableName: TableName(), Item: { pk: `ITEM#${itemKey(q)}`, sk: 'STATS', n: 60, ok: 20, r: 30, rr: 20, xr: 5, retirada: 'discrimina_al_reves' } }))));
    const shown = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: 'm01' } });
    expect(shown.status).toBe(200);
    const drawn = new Set((shown.body.data.preguntas as { preguntaId: string }[]).map((p) => p.preguntaId));
    expect(drawn.size).toBe(20);
    expect(out.filter((q) => drawn.has(q.preguntaId))).toEqual([]);
    const after = await bankOf(userId, courseId);
    expect(after.preguntas.filter((q) => q.retirada).map((q) => q.preguntaId).sort()).toEqual(out.map((q) => q.preguntaId).sort());
  }, BOUND_MS);

  // Issue 41 item 3: "they also appear ... in the report queue". The operators' queue is gsi1
  // `RETIRADAS` (docs/operations.md "Questions withdrawn"), beside the learners' reports.
  it('queues for the operators, with its reason, an item a graded answer makes discriminate backwards, and withdraws it from the bank', async () => {
    const started = new Date().toISOString();
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId, ownTopic('cola'));
    const bank = await bankOf(userId, courseId);
    // Every item one answer short of the minimum, its right answers from learners who missed the rest
    // (item-rest correlation about -0.6): the next wrong answer, with the rest of the attempt wrong too, tips it.
    const sums = { n: MIN_ANSWERS_TO_WITHDRAW - 1, ok: 20, r: 24.5, rr: 15, xr: 4 };
    await Promise.all(bank.preguntas.map((q) => db().send(new PutCommand({ TableName: TableName(), Item: { pk: `ITEM#${itemKey(q)}`, sk: 'STATS', ...sums } }))));
    const wrong = await failedEvaluation(userId, courseId);
    const keys = new Map(wrong.map((id) => [itemKey(bank.preguntas.find((q) => q.preguntaId === id)!), id]));
    const queued = await db().send(new QueryCommand({
      TableName: TableName(), IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :q AND gsi1sk >= :t',
      ExpressionAttributeValues: { ':q': WITHDRAWN_QUEUE, ':t': started },
    }));
    const mine = (queued.Items ?? []).filter((i) => keys.has(String(i.pk).slice('ITEM#'.length)));
    expect(mine.map((i) => String(i.pk).slice('ITEM#'.length)).sort()).toEqual([...keys.keys()].sort());
    for (const i of mine) expect(i).toMatchObject({ n: MIN_ANSWERS_TO_WITHDRAW, retirada: 'discrimina_al_reves', retiradaEn: expect.any(String) });
    // The learner's own bank marks them withdrawn at once: no draw meets them again.
    const after = await bankOf(userId, courseId);
    expect(after.preguntas.filter((q) => q.retirada).map((q) => q.preguntaId).sort()).toEqual([...wrong].sort());
  }, BOUND_MS);
});
