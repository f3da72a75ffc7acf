import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { dynamoModelJobStore } from '../../../lambdas/jobs/model-job-store';
import { startModelJob, type ModelJobDeps, type ModelJobInput } from '../../../lambdas/jobs/model-jobs';
import { AppError } from '../../../lambdas/shared/errors';

// One piece of work, one job: concurrent identical model-job requests share the job the first one
// started (the learner's lock in DynamoDB Local), pay once, and a finished job frees the lock.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let db: DynamoDBDocumentClient;
beforeAll(async () => {
  dynamo = await startDynamo();
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.url, region: LOCAL_REGION, credentials: localCredentials }), { marshallOptions: { removeUndefinedValues: true } });
});
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
/** An allowance of `left` units that counts what was taken. */
const allowance = (left: number) => {
  const a = {
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
  await startModelJob(d, undefined, userId, 'evaluacion', { courseId: 'c1', moduleId: 'm02' });
  await startModelJob(d, undefined, userId, 'evaluacion', { moduleId: 'm02', courseId: 'c1' });
  expect(started).toHaveLength(1);
});

test('another module, another learner or another kind is other work', async () => {
  const { d, started } = deps();
  const userId = uid();
  await startModelJob(d, undefined, userId, 'evaluacion', first);
  await startModelJob(d, undefined, userId, 'evaluacion', { ...first, moduleId: 'm02' });
  await startModelJob(d, undefined, uid(), 'evaluacion', first);
  await startModelJob(d, undefined, userId, 'leccion', { ...first, lessonId: 'l01' });
  expect(started).toHaveLength(4);
});

test('once the job has ended, the same request starts a new one', async () => {
  const { d, started } = deps();
  const userId = uid();
  const one = await startModelJob(d, undefined, userId, 'evaluacion', first);
  await d.jobs.finish(userId, one.jobId, { result: { kind: 'evaluacion', ...first } });
  const two = await startModelJob(d, undefined, userId, 'evaluacion', first);
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
  await expect(startModelJob(broken, undefined, userId, 'evaluacion', first)).rejects.toMatchObject({ status: 503 });
  const started: string[] = [];
  const again = await startModelJob({ ...d, workflow: { start: async (i) => void started.push(i.jobId) } }, undefined, userId, 'evaluacion', first);
  expect(started).toEqual([again.jobId]);
});

test('a request that joins a job whose allowance is then refused is refused too, never handed an id with no job', async () => {
  const { d, started } = deps();
  const userId = uid();
  // Spent, and slow to say so: the others find the first one's lock while it is still asking.
  const spent = { take: async () => { await new Promise((r) => setTimeout(r, 150)); throw new AppError(429, 'Has usado las evaluaciones nuevas de hoy.', 'QuotaExceeded'); }, giveBack: async () => undefined };
  const answers = await Promise.allSettled(Array.from({ length: 5 }, () => startModelJob(d, spent, userId, 'evaluacion', { ...first, moduleId: 'm09' }, 'c1')));
  expect(started).toHaveLength(0);
  // Every one of them is the allowance's 429: an id would point at no job (GET /jobs/{id} 404).
  expect(answers.map((a) => (a.status === 'rejected' ? (a.reason as AppError).status : a.value.jobId))).toEqual([429, 429, 429, 429, 429]);
});
