import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import { dynamoNarrationJobs, dynamoNarrationMinutes, NARRATION_KEEP_DAYS } from '../../lambdas/narration/narration-store';
import type { NarrationJob } from '../../lambdas/narration';

// Narration jobs and minutes on DynamoDB Local (issue 26): one job per key whoever writes first, each
// learner's jobs in their own partition, the job gone when its audio is (expiresAt), minutes added up.

const db = documentClient();
const TABLE = process.env.TABLE_NAME as string;
let now = new Date('2026-11-25T10:00:00.000Z');
const jobs = dynamoNarrationJobs(db, TABLE, () => now);
const job = (userId: string, audioTask: string): NarrationJob => ({
  prefix: `narration/${userId}/c1/m01/l1/v1/Lucia/`, estado: 'generando', audioTask, marksTask: `m-${audioTask}`, caracteres: 1200,
});

it('writes a job once: a concurrent second start answers the first one, and another learner sees none', async () => {
  const ana = crypto.randomUUID();
  const [a, b] = await Promise.all([jobs.create(ana, job(ana, 'primera')), jobs.create(ana, job(ana, 'segunda'))]);
  expect(a.audioTask).toBe(b.audioTask);
  expect(await jobs.get(ana, job(ana, 'x').prefix)).toEqual(a);
  const eva = crypto.randomUUID();
  expect(await jobs.get(eva, job(ana, 'x').prefix)).toBeUndefined();
  const stored = (await db.send(new GetCommand({ TableName: TABLE, Key: { pk: `USER#${ana}`, sk: 'NARRATION#c1#m01#l1#v1#Lucia' } }))).Item;
  expect(stored?.expiresAt).toBe(Math.floor(now.getTime() / 1000) + NARRATION_KEEP_DAYS * 86_400);
});

it('updates a job to lista with its keys, and forgets it once its audio has expired', async () => {
  const ana = crypto.randomUUID();
  await jobs.create(ana, job(ana, 't1'));
  const ready: NarrationJob = { ...job(ana, 't1'), estado: 'lista', audioKey: 'narration/a.mp3', marksKey: 'narration/a.marks' };
  await jobs.update(ana, ready);
  expect(await jobs.get(ana, ready.prefix)).toEqual(ready);
  now = new Date(now.getTime() + (NARRATION_KEEP_DAYS + 1) * 86_400_000);
  expect(await jobs.get(ana, ready.prefix)).toBeUndefined();
});

it('adds the month minutes up, per learner and month', async () => {
  const minutes = dynamoNarrationMinutes(db, TABLE);
  const ana = crypto.randomUUID();
  expect(await minutes.used(ana, '2026-11')).toBe(0);
  await minutes.add(ana, '2026-11', 3);
  await minutes.add(ana, '2026-11', 2);
  expect(await minutes.used(ana, '2026-11')).toBe(5);
  expect(await minutes.used(ana, '2026-12')).toBe(0);
});
