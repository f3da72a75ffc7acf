// Issue 40 item 3: what one aula member's evaluation draw reads from the bank-claims ledger
// (docs/evaluations.md "One bank, many accounts") as the aula grows. On DynamoDB Local, a ledger
// holding what N members already took (MEMBERS, default 1,100,1000; each member two attempts: 40 stem
// claims, plus the source bank's 40 question ids once), then DRAWS draws (default 20) by members whose
// banks hold 40 unseen questions of their own (after their top-up), through the real drawClaimed and
// dynamoSourceClaims. Per draw: items read, read capacity (as DynamoDB Local reports it: consistent
// reads, 4 KB units), round trips and latency. `npm run bench aula-claims`.
import { performance } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';
import { startDynamo, TABLE_NAME } from '../../infra/local/dynamo';
import { localCredentials, LOCAL_REGION } from '../../infra/local/local-aws';
import { evaluationKey, type EvaluationItem } from '../../lambdas/course-model';
import { claimPk, drawClaimed, dynamoSourceClaims } from '../../lambdas/evaluations/source-claims';
import { stemHash } from '../../lambdas/evaluations/question-bank';

quietAwsSdk();
const MEMBERS = (process.env.MEMBERS ?? '1,100,1000').split(',').map(Number);
const DRAWS = Number(process.env.DRAWS) || 20;
const TEACHER = 'bench-teacher';
const BANK = 40;

type Meter = { calls: number; items: number; readUnits: number; writeUnits: number };
const meter: Meter = { calls: 0, items: 0, readUnits: 0, writeUnits: 0 };
const units = (c: unknown): number => ((Array.isArray(c) ? c : c ? [c] : []) as { CapacityUnits?: number }[]).reduce((sum, x) => sum + (x.CapacityUnits ?? 0), 0);
const READS = new Set(['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand']);

function client(endpoint: string, credentials = localCredentials) {
  const raw = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials });
  // Every command asks for its consumed capacity; reads also count the items they returned.
  raw.middlewareStack.add((next, context) => async (args) => {
    const name = context.commandName ?? '';
    const input = args.input as { ReturnConsumedCapacity?: string };
    if (name !== 'BatchWriteItemCommand') input.ReturnConsumedCapacity = 'TOTAL';
    const out = await next(args);
    const o = out.output as { ConsumedCapacity?: unknown; Count?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
    meter.calls++;
    if (READS.has(name)) {
      meter.readUnits += units(o.ConsumedCapacity);
      meter.items += name === 'QueryCommand' ? (o.Count ?? 0) : name === 'GetItemCommand' ? (o.Item ? 1 : 0) : Object.values(o.Responses ?? {}).reduce((n, r) => n + r.length, 0);
    } else if (name !== 'BatchWriteItemCommand') meter.writeUnits += units(o.ConsumedCapacity);
    return out;
  }, { step: 'initialize', name: 'benchMeter' });
  return DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
}

const stem = () => `Según la lección «Membrana ${randomBytes(4).toString('hex')}», ¿qué afirmación sobre «transporte» es correcta?`;
const question = (preguntaId: string, i: number) => ({
  preguntaId, lessonId: `l0${(i % 2) + 1}`, objetivoId: `o${(i % 4) + 1}`, bloom: i % 3 ? 'comprender' : 'recordar', enunciado: stem(),
  opciones: [{ opcion: 'A', texto: 'Sí' }, { opcion: 'B', texto: 'No' }, { opcion: 'C', texto: 'Quizá' }, { opcion: 'D', texto: 'Nunca' }], correcta: 'A',
});

async function writeAll(db: DynamoDBDocumentClient, items: Record<string, unknown>[]) {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  for (let i = 0; i < chunks.length; i += 8) {
    await Promise.all(chunks.slice(i, i + 8).map(async (chunk) => {
      let left: unknown = { [TABLE_NAME]: chunk.map((Item) => ({ PutRequest: { Item } })) };
      while (left && Object.keys(left).length) left = (await db.send(new BatchWriteCommand({ RequestItems: left as never }))).UnprocessedItems;
    }));
  }
}

async function run(db: DynamoDBDocumentClient, members: number) {
  const courseId = `bench-${randomUUID()}`;
  const origin = { userId: TEACHER, courseId, moduleId: 'm01', preguntas: Array.from({ length: BANK }, (_, i) => `qsrc${courseId.slice(-8)}${i}`) };
  // The teacher met 20 of the source bank in an attempt of their own.
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...evaluationKey(TEACHER, courseId, 'm01'), courseId, moduleId: 'm01', estado: 'lista', version: 'v1', preguntas: [], intentos: [{ version: 'x', score: 10, aprobado: false, fecha: new Date().toISOString(), respuestas: {}, preguntas: origin.preguntas.slice(0, 20) }] } }));
  const pk = claimPk(origin);
  const ledger = [
    ...origin.preguntas.slice(20).map((id) => ({ pk, sk: `Q#${id}`, por: 'x'.repeat(24) })),
    ...Array.from({ length: members * 40 }, () => { const enunciado = stem(); return { pk, sk: `S#${stemHash(enunciado)}`, por: 'x'.repeat(24), enunciado }; }),
  ];
  await writeAll(db, ledger);
  const claims = dynamoSourceClaims(db, TABLE_NAME);
  const rows: (Meter & { ms: number })[] = [];
  for (let d = 0; d < DRAWS; d++) {
    const bank: EvaluationItem = { courseId: `copy-${d}`, moduleId: 'm01', estado: 'lista', version: randomUUID(), origen: origin, preguntas: Array.from({ length: BANK }, (_, i) => question(`q${randomBytes(8).toString('hex')}`, i)) } as unknown as EvaluationItem;
    Object.assign(meter, { calls: 0, items: 0, readUnits: 0, writeUnits: 0 });
    const t = performance.now();
    const variant = await drawClaimed(claims, `bench-member-${d}`, bank);
    const ms = performance.now() - t;
    if (!variant) throw new Error('the draw found no questions');
    rows.push({ ...meter, ms });
  }
  const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
  const mean = (f: (r: Meter) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
  console.log(`${String(members).padStart(5)} members (${String(ledger.length).padStart(6)} ledger items): items read ${mean((r) => r.items).toFixed(0).padStart(6)}, read units ${mean((r) => r.readUnits).toFixed(1).padStart(7)}, round trips ${mean((r) => r.calls).toFixed(1)}, latency median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)].toFixed(0)} ms`);
}

async function main() {
  const dynamo = await startDynamo(undefined, []);
  try {
    const db = client(dynamo.engineUrl, dynamo.engineCredentials);
    console.log(`one draw of 20 questions by an aula member, ${DRAWS} draws per size, DynamoDB Local`);
    for (const n of MEMBERS) await run(db, n);
  } finally {
    await dynamo.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
