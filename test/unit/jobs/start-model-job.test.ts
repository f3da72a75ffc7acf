import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { dynamoModelJobStore } from '../../../lambdas/jobs/model-job-store';
import { startModelJob, type ModelJobDeps, type ModelJobInput } from '../../../lambdas/jobs/model-jobs';
import { AppError } from '../../../lambdas/shared/errors';
import type { AllowanceName } from '../../../lambdas/plans';

// One piece of work, one job: concurrent identical model-job requests share the job the first one
// started (the learner's lock in DynamoDB Local), pay once, and a finished job frees the lock.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let db: DynamoDBDocumentClient;
beforeAll(async () => {
  dynamo = await startDynamo();
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.url, region: LOCAL_REGION, credentials: localCredentials }), { marshallOptions: { removeUndefinedValues: true } });
}, 240_000); // DynamoDB Local's start: a bound, not a pace (a JVM on two shared cores)
afterAll(async () => {
  db.destroy();
  await dynamo.close();
});

let n = 0;
const uid = () => `u${Date.now().toString(36)}${n++}`;
function deps() {
  const started: ModelJobInput[] = [];
  const d: ModelJobDeps = { jobs: dynamoModelJobStore(db, TABLE_NAME), workflow: { start: async (input) => void started.push(input) } };
  return { d, started };
}
/** An allowance of `left` units of `name` that counts what was taken. */
const allowance = (left: number, name: AllowanceName = 'variantesEvaluacion') => {
  const a = {
    name,
    taken: 0,
    take: async () => {
      if (a.taken >= left) throw new AppError(429, 'Has usado las evaluaciones nuevas de hoy.', 'QuotaExceeded');
      a.taken++;
    },
    giveBack: async () => void a.taken--,
  };
  return a;
};
const first = { courseId: 'c1', moduleId: 'm01' };
/** A top-up's allowance (issue 40): a request without `regenerar` is paid too. */
const topUps = () => allowance(100, 'recargasEvaluacion');

test('ten concurrent identical requests start one job, all answer its id, and pay once', async () => {
  const { d, started } = deps();
  const paid = allowance(10);
  const userId = uid();
  const answers = await Promise.all(Array.from({ length: 10 }, () => startModelJob(d, paid, userId, 'evaluacion', { ...first, regenerar: true }, 'c1')));
  expect(started).toHaveLength(1);
  expect(new Set(answers.map((a) => a.jobId))).toEqual(new Set([started[0].jobId]));
  expect(paid.taken).toBe(1);
});

test('the same request with its keys in another order is the same work', async () => {
  const { d, started } = deps();
  const userId = uid();
  await startModelJob(d, topUps(), userId, 'evaluacion', { courseId: 'c1', moduleId: 'm02' });
  await startModelJob(d, topUps(), userId, 'evaluacion', { moduleId: 'm02', courseId: 'c1' });
  expect(started).toHaveLength(1);
});

test('another module, another learner or another kind is other work', async () => {
  const { d, started } = deps();
  const userId = uid();
  await startModelJob(d, topUps(), userId, 'evaluacion', first);
  await startModelJob(d, topUps(), userId, 'evaluacion', { ...first, moduleId: 'm02' });
  await startModelJob(d, topUps(), uid(), 'evaluacion', first);
  await startModelJob(d, allowance(1, 'regeneraciones'), userId, 'leccion', { ...first, lessonId: 'l01' });
  expect(started).toHaveLength(4);
});

test('once the job has ended, the same request starts a new one', async () => {
  const { d, started } = deps();
  const userId = uid();
  const one = await startModelJob(d, topUps(), userId, 'evaluacion', first);
  await d.jobs.finish(userId, one.jobId, { result: { kind: 'evaluacion', ...first } });
  const two = await startModelJob(d, topUps(), userId, 'evaluacion', first);
  expect(two.jobId).not.toBe(one.jobId);
  expect(started).toHaveLength(2);
});

test('a request refused by its allowance holds no lock: the next one starts its job', async () => {
  const { d, started } = deps();
  const userId = uid();
  await expect(startModelJob(d, allowance(0), userId, 'evaluacion', { ...first, regenerar: true })).rejects.toMatchObject({ status: 429 });
  const next = await startModelJob(d, allowance(1), userId, 'evaluacion', { ...first, regenerar: true });
  expect(started.map((s) => s.jobId)).toEqual([next.jobId]);
});

test('a start that fails marks its job failed and frees the lock', async () => {
  const { d } = deps();
  const userId = uid();
  const broken: ModelJobDeps = { ...d, workflow: { start: async () => Promise.reject(new Error('states down')) } };
  await expect(startModelJob(broken, topUps(), userId, 'evaluacion', first)).rejects.toMatchObject({ status: 503 });
  const started: string[] = [];
  const again = await startModelJob({ ...d, workflow: { start: async (i) => void started.push(i.jobId) } }, topUps(), userId, 'evaluacion', first);
  expect(started).toEqual([again.jobId]);
});

test('a request that joins a job whose allowance is then refused is refused too, never handed an id with no job', async () => {
  const { d, started } = deps();
  const userId = uid();
  // Spent, and slow to say so: the others find the first one's lock while it is still asking.
  const spent = { name: 'recargasEvaluacion' as const, take: async () => { await new Promise((r) => setTimeout(r, 150)); throw new AppError(429, 'Has usado las evaluaciones nuevas de hoy.', 'QuotaExceeded'); }, giveBack: async () => undefined };
  const answers = await Promise.allSettled(Array.from({ length: 5 }, () => startModelJob(d, spent, userId, 'evaluacion', { ...first, moduleId: 'm09' }, 'c1')));
  expect(started).toHaveLength(0);
  // Every one of them is the allowance's 429: an id would point at no job (GET /jobs/{id} 404).
  expect(answers.map((a) => (a.status === 'rejected' ? (a.reason as AppError).status : a.value.jobId))).toEqual([429, 429, 429, 429, 429]);
});

test('a job is never started on another kind\'s allowance: a failed job would give back a unit it never took', async () => {
  const { d, started } = deps();
  const userId = uid();
  const regenerations = allowance(5, 'regeneraciones');
  await expect(startModelJob(d, regenerations, userId, 'evaluacion', first)).rejects.toThrow(/paid by recargasEvaluacion/);
  await expect(startModelJob(d, allowance(5, 'recargasEvaluacion'), userId, 'evaluacion', { ...first, regenerar: true })).rejects.toThrow(/paid by variantesEvaluacion/);
  // Nothing taken, nothing written, nothing started; the lock is free for the right allowance.
  expect(regenerations.taken).toBe(0);
  expect(started).toHaveLength(0);
  await startModelJob(d, topUps(), userId, 'evaluacion', first);
  expect(started).toHaveLength(1);
});
