import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { coursesAhead } from '../../../lambdas/jobs/queue-position';
import { dynamoGenerationQueue } from '../../../lambdas/pipeline/generation-queue';
import { dynamoGeneratingCourses, type GeneratingCourses } from '../../../lambdas/course-model/generating-courses';
import { installClock, systemClock } from '../../../lambdas/shared/clock';
import type { BudgetPlan } from '../../../lambdas/shared/ai/model-budget';
import { dynamoModelBudget } from '../../../lambdas/shared/ai/model-budget-store';
import { dynamoTurnStore, type Wake } from '../../../lambdas/shared/ai/model-turns-store';

// Issue 40 item 2, the attacker: one learner plans three courses at once and a second learner plans
// one 2 s later, all under a spent budget. First come, first served by course made the second wait
// behind all three ("3 cursos por delante", served last). Fair between learners, the second is served
// after the first learner's first course only, sees 1 course ahead, and a course of the first learner
// moves up once an earlier one ends. Behaviour only: the order the turn queue serves and the count.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let db: DynamoDBDocumentClient;
let generating: GeneratingCourses;
let now = Date.parse('2026-11-29T10:00:00.000Z');
beforeAll(async () => {
  dynamo = await startDynamo();
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.url, region: LOCAL_REGION, credentials: localCredentials }), { marshallOptions: { removeUndefinedValues: true } });
  generating = dynamoGeneratingCourses(db, TABLE_NAME);
  installClock({ now: () => new Date(now) });
}, 120_000);
afterAll(async () => {
  installClock(systemClock);
  db.destroy();
  await dynamo.close();
});

// A window holds one 10k call: each pump serves exactly the head of the queue.
const plan: BudgetPlan = { tpm: 40_000, generation: 30_000, windowMs: 20_000, perWindow: 10_000 };

/** A course planned by `userId` at `at` (its run registered as the plan start does) and running. */
async function planned(userId: string, jobId: string, at: string, cursos = 6) {
  await generating.admit(userId, jobId, at, { plan: 'premium', cursos }, async () => undefined);
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: `USER#${userId}`, sk: `JOB#${jobId}`, jobId, userId, status: 'en_proceso', createdAt: at, total: 8, done: 0 } }));
}

it("serves a later learner's one course after one course of the learner who planned three, not after all three", async () => {
  now = Date.parse('2026-11-29T10:00:00.000Z');
  const modelId = 'fair.model-1';
  const queue = dynamoGenerationQueue(db, TABLE_NAME);
  const woken: string[] = [];
  const wake: Wake = async (token) => {
    woken.push(token);
    return true;
  };
  const budget = dynamoModelBudget(db, TABLE_NAME, plan);
  const turns = dynamoTurnStore(db, TABLE_NAME, budget, wake);
  // Ana plans three courses at once; Bruno plans one 2 s later.
  await planned('ana', 'ana-1', '2026-11-29T09:59:00.000Z');
  await planned('ana', 'ana-2', '2026-11-29T09:59:00.010Z');
  await planned('ana', 'ana-3', '2026-11-29T09:59:00.020Z');
  await planned('bruno', 'bruno-1', '2026-11-29T09:59:02.000Z');
  // The budget is spent: each course's first task is refused and waits its turn (in any order).
  const place = new Map<string, string>();
  for (const [userId, jobId] of [['bruno', 'bruno-1'], ['ana', 'ana-3'], ['ana', 'ana-1'], ['ana', 'ana-2']]) {
    const at = (await queue.wait(userId, jobId))!;
    place.set(jobId, at);
    await turns.register({ modelId, tokens: 10_000, order: at, jobId, userId, task: 'outline', token: jobId });
  }
  // What Bruno reads: one course ahead, not three.
  expect(await coursesAhead(db, TABLE_NAME, place.get('bruno-1')!, 'bruno-1')).toBe(1);
  for (let w = 0; w < 4; w++, now += plan.windowMs) await turns.pump(modelId);
  expect(woken).toEqual(['ana-1', 'bruno-1', 'ana-2', 'ana-3']);
});

it("moves a learner's later course up when an earlier one ends: ahead of a course asked for after it", async () => {
  now = Date.parse('2026-11-29T11:00:00.000Z');
  const queue = dynamoGenerationQueue(db, TABLE_NAME);
  await planned('carla', 'carla-1', '2026-11-29T10:59:00.000Z');
  await planned('carla', 'carla-2', '2026-11-29T10:59:00.010Z');
  await planned('dario', 'dario-1', '2026-11-29T10:59:05.000Z');
  const carla2 = (await queue.wait('carla', 'carla-2'))!;
  const dario = (await queue.wait('dario', 'dario-1'))!;
  expect(await coursesAhead(db, TABLE_NAME, carla2, 'carla-2')).toBe(1);
  // Carla's first course is done (Finalize): her second is now her oldest and was asked for before Darío's.
  await queue.leave('carla', 'carla-1', true);
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: 'USER#carla', sk: 'JOB#carla-1', jobId: 'carla-1', userId: 'carla', status: 'completado', createdAt: '2026-11-29T10:59:00.000Z' } }));
  const moved = (await queue.wait('carla', 'carla-2'))!;
  expect(moved < dario).toBe(true);
  expect(await coursesAhead(db, TABLE_NAME, moved, 'carla-2')).toBe(0);
  expect(await coursesAhead(db, TABLE_NAME, dario, 'dario-1')).toBe(1);
});

describe("a learner's courses at once", () => {
  it('lets exactly the plan\'s number of 10 starts at once through, and runs their checks one at a time', async () => {
    now = Date.parse('2026-11-29T12:00:00.000Z');
    let inside = 0;
    let most = 0;
    const check = async () => {
      most = Math.max(most, ++inside);
      await new Promise((r) => setTimeout(r, 5));
      inside--;
    };
    const starts = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => generating.admit('elena', `elena-${i}`, new Date(now + i).toISOString(), { plan: 'gratuito', cursos: 2 }, check)));
    expect(starts.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    const refused = starts.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(refused.map((r) => [r.reason.status, r.reason.message])).toEqual(
      Array(8).fill([429, 'Tu plan gratuito permite 2 cursos generándose a la vez. Cuando termine uno de ellos podrás crear otro.']),
    );
    expect(most).toBe(1);
  });

  it('registers nothing when another limit refuses, and frees a place when a course ends', async () => {
    now = Date.parse('2026-11-29T13:00:00.000Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    const full = Object.assign(new Error('Has creado los 3 cursos nuevos de este mes'), { status: 429 });
    await expect(generating.admit('fabio', 'fabio-x', at(0), { plan: 'gratuito', cursos: 1 }, () => Promise.reject(full))).rejects.toBe(full);
    // Refused by the month's count, fabio-x holds no place: the one place is free.
    await planned('fabio', 'fabio-1', at(1), 1);
    // Past the month's limits, a start refused for the courses at once gives back what they took.
    const undo = jest.fn(async () => undefined);
    await expect(generating.admit('fabio', 'fabio-2', at(2), { plan: 'gratuito', cursos: 1 }, async () => undefined, undo)).rejects.toMatchObject({ status: 429 });
    expect(undo).toHaveBeenCalledTimes(1);
    await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: 'USER#fabio', sk: 'JOB#fabio-1', jobId: 'fabio-1', userId: 'fabio', status: 'error', createdAt: at(1) } }));
    await expect(generating.admit('fabio', 'fabio-3', at(3), { plan: 'gratuito', cursos: 1 }, async () => undefined)).resolves.toBeUndefined();
  });

  it("reads the learner's plan beside the start lock (issue 42): its answer still decides, and a failed read counts nothing and frees the lock", async () => {
    now = Date.parse('2026-11-29T14:00:00.000Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    await planned('gala', 'gala-1', at(0), 1);
    // The plan arrives after the lock was taken: one course at once, one running, so refused.
    let answer!: (most: { plan: string; cursos: number }) => void;
    const later = new Promise<{ plan: string; cursos: number }>((r) => (answer = r));
    const check = jest.fn(async () => undefined);
    const undo = jest.fn(async () => undefined);
    const start = generating.admit('gala', 'gala-2', at(1), later, check, undo);
    await new Promise((r) => setTimeout(r, 50));
    expect(check).not.toHaveBeenCalled();
    answer({ plan: 'gratuito', cursos: 1 });
    await expect(start).rejects.toMatchObject({ status: 429, message: 'Tu plan gratuito permite 1 cursos generándose a la vez. Cuando termine uno de ellos podrás crear otro.' });
    expect(undo).toHaveBeenCalledTimes(1);
    // A plan that cannot be read: nothing counted, nothing registered, and the next start is not kept waiting for the lock.
    const unreadable = Object.assign(new Error('DynamoDB no responde'), { name: 'InternalServerError' });
    const counted = jest.fn(async () => undefined);
    await expect(generating.admit('gala', 'gala-3', at(2), Promise.reject(unreadable), counted)).rejects.toBe(unreadable);
    expect(counted).not.toHaveBeenCalled();
    const item = (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: 'USER#gala', sk: 'GENERANDO' } }))).Item ?? {};
    expect(item.arranqueHasta).toBeUndefined();
    expect(Object.keys(item.cursos as object)).toEqual(['gala-1']);
  });
});
