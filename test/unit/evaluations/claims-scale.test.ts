import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION } from '../../../infra/local/local-aws';
import { evaluationKey, type EvaluationItem } from '../../../lambdas/course-model';
import { stemHash } from '../../../lambdas/evaluations/question-bank';
import { claimPk, drawClaimed, dynamoSourceClaims } from '../../../lambdas/evaluations/source-claims';

// Issue 40 item 3 (docs/evaluations.md "What a draw reads"): the bank-claims ledger grows by at least
// 20 items per attempt of every member and never shrinks, so a draw must read the claims of the
// questions it could use, not the ledger. On DynamoDB Local, with the ledger of 100 members' attempts:
// one draw returns at most the candidates' claim keys and the owner's item, whatever the ledger holds;
// claimed ids, claimed stems and the owner's met questions are still never drawn; eight accounts
// drawing at once from one source bank never share a question.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let db: DynamoDBDocumentClient;
const read = { items: 0 };
beforeAll(async () => {
  dynamo = await startDynamo(undefined, []);
  const raw = new DynamoDBClient({ endpoint: dynamo.engineUrl, region: LOCAL_REGION, credentials: dynamo.engineCredentials });
  // Items each read returns: what DynamoDB bills a read for (every Query page, GetItem and BatchGetItem).
  raw.middlewareStack.add((next, context) => async (args) => {
    const out = await next(args);
    const o = out.output as { Count?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
    if (context.commandName === 'QueryCommand') read.items += o.Count ?? 0;
    if (context.commandName === 'GetItemCommand' && o.Item) read.items += 1;
    if (context.commandName === 'BatchGetItemCommand') read.items += Object.values(o.Responses ?? {}).reduce((n, r) => n + r.length, 0);
    return out;
  }, { step: 'initialize', name: 'itemsRead' });
  db = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
}, 120_000);
afterAll(async () => {
  db.destroy();
  await dynamo.close();
});

const TEACHER = 'teacher-1';
const stem = () => `Según la lección «Membrana», ¿qué afirmación sobre «${randomBytes(6).toString('hex')}» es correcta?`;
const question = (preguntaId: string, i: number, enunciado = stem()) => ({
  preguntaId, lessonId: `l0${(i % 2) + 1}`, objetivoId: `o${(i % 4) + 1}`, bloom: i % 3 ? 'comprender' : 'recordar', enunciado,
  opciones: [{ opcion: 'A', texto: 'Sí' }, { opcion: 'B', texto: 'No' }, { opcion: 'C', texto: 'Quizá' }, { opcion: 'D', texto: 'Nunca' }], correcta: 'A',
});
type Question = ReturnType<typeof question>;

async function source(met: string[] = []) {
  const courseId = `c-${randomUUID()}`;
  const preguntas = Array.from({ length: 40 }, (_, i) => question(`qs${i}-${courseId.slice(-6)}`, i));
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...evaluationKey(TEACHER, courseId, 'm01'), courseId, moduleId: 'm01', estado: 'lista', version: 'v1', preguntas,
    intentos: met.length ? [{ version: 'x', score: 0, aprobado: false, fecha: '2026-11-28T10:00:00.000Z', respuestas: {}, preguntas: met }] : [] } }));
  return { origen: { userId: TEACHER, courseId, moduleId: 'm01', preguntas: preguntas.map((q) => q.preguntaId) }, preguntas };
}
const copy = (origen: { preguntas: string[] } & Record<string, unknown>, preguntas: Question[]) =>
  ({ courseId: `copy-${randomUUID()}`, moduleId: 'm01', estado: 'lista', version: randomUUID(), origen, preguntas }) as unknown as EvaluationItem;

async function putLedger(items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}

test('a draw reads the claims of its candidates only, whatever the ledger holds (100 members: 4,000 claims)', async () => {
  const { origen } = await source();
  const pk = claimPk(origen);
  await putLedger(Array.from({ length: 4000 }, () => { const enunciado = stem(); return { pk, sk: `S#${stemHash(enunciado)}`, por: 'someone', enunciado }; }));
  const claims = dynamoSourceClaims(db, TABLE_NAME);
  // A member after their top-up: 40 questions of their own, 10 of them in words another member was graded on.
  const own = Array.from({ length: 40 }, (_, i) => question(`q${randomBytes(8).toString('hex')}`, i));
  await putLedger(own.slice(0, 10).map((q) => ({ pk, sk: `S#${stemHash(q.enunciado)}`, por: 'someone', enunciado: q.enunciado })));
  read.items = 0;
  const variant = await drawClaimed(claims, 'member-1', copy(origen, own));
  expect(variant?.preguntas).toHaveLength(20);
  expect(variant!.preguntas.filter((p) => own.slice(0, 10).some((q) => q.preguntaId === p.preguntaId))).toEqual([]);
  // The 10 claims found, and at most one claim key per candidate stem (40) and source id (none here), plus the owner's item.
  expect(read.items).toBeGreaterThanOrEqual(10);
  expect(read.items).toBeLessThanOrEqual(41);
}, 120_000);

test('claimed ids, claimed stems and what the owner met are never drawn', async () => {
  const { origen, preguntas } = await source();
  const metByOwner = preguntas.slice(0, 5).map((q) => q.preguntaId);
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...evaluationKey(TEACHER, origen.courseId, 'm01'), courseId: origen.courseId, moduleId: 'm01', estado: 'lista', version: 'v1', preguntas,
    intentos: [{ version: 'x', score: 0, aprobado: false, fecha: '2026-11-28T10:00:00.000Z', respuestas: {}, preguntas: metByOwner }] } }));
  const pk = claimPk(origen);
  const claimedIds = preguntas.slice(5, 10).map((q) => q.preguntaId);
  const claimedStem = preguntas.slice(10, 15);
  await putLedger([
    ...claimedIds.map((id) => ({ pk, sk: `Q#${id}`, por: 'someone' })),
    // The same words graded elsewhere: a question of this bank whose stem was claimed by another copy.
    ...claimedStem.map((q) => ({ pk, sk: `S#${stemHash(q.enunciado)}`, por: 'someone', enunciado: q.enunciado })),
  ]);
  const claims = dynamoSourceClaims(db, TABLE_NAME);
  const refused = new Set([...metByOwner, ...claimedIds, ...claimedStem.map((q) => q.preguntaId)]);
  // 25 left: one draw of 20 is possible, and it may use none of the 15 taken.
  const variant = await drawClaimed(claims, 'member-2', copy(origen, preguntas));
  expect(variant?.preguntas).toHaveLength(20);
  expect(variant!.preguntas.filter((p) => refused.has(p.preguntaId))).toEqual([]);
  // The 20 it drew are claimed now: a second copy of the same source finds 5 left, too few to draw.
  expect(await drawClaimed(claims, 'member-3', copy(origen, preguntas))).toBeUndefined();
}, 120_000);

test('eight accounts drawing at once from one source bank never share a question', async () => {
  const { origen, preguntas } = await source();
  const claims = dynamoSourceClaims(db, TABLE_NAME);
  const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => drawClaimed(claims, `member-${i}`, copy(origen, preguntas))));
  const drawn = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value ? [o.value.preguntas.map((p) => p.preguntaId)] : []));
  // 40 questions: two draws at most; the others find too few (undefined) or a busy ledger (409).
  expect(drawn.length).toBeGreaterThanOrEqual(1);
  expect(drawn.length).toBeLessThanOrEqual(2);
  const all = drawn.flat();
  expect(new Set(all).size).toBe(all.length);
  for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as { status?: number }).status).toBe(409);
}, 120_000);
