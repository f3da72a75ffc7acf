import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import { dynamoNarrationJobs, dynamoNarrationMinutes, dynamoSpeechClaims, NARRATION_KEEP_DAYS } from '../../lambdas/narration/narration-store';
import type { NarrationJob } from '../../lambdas/narration';

// Narration jobs and minutes on DynamoDB Local (issue 26, 31): one claim per key whoever writes first,
// each learner's jobs in their own partition, the job gone when its audio is (expiresAt), minutes
// reserved by one conditional write that no number of simultaneous requests can push past the plan.

const db = documentClient();
const TABLE = process.env.TABLE_NAME as string;
let now = new Date('2026-11-25T10:00:00.000Z');
const jobs = dynamoNarrationJobs(db, TABLE, () => now);
const job = (userId: string, audioTask: string): NarrationJob => ({
  prefix: `narration/${userId}/c1/m01/l1/v1/Lucia/`, estado: 'generando', audioTask, marksTask: `m-${audioTask}`, caracteres: 1200, claim: audioTask, reclamadoEn: now.toISOString(),
});
const claimed = (userId: string, claim: string): NarrationJob => ({ prefix: job(userId, claim).prefix, estado: 'generando', caracteres: 1200, claim, reclamadoEn: now.toISOString() });
const stale = () => new Date(now.getTime() - 60_000).toISOString();

it('claims a job once of ten simultaneous first plays; only the winner stores its tasks; another learner sees none', async () => {
  const ana = crypto.randomUUID();
  const won = await Promise.all(Array.from({ length: 10 }, (_, i) => jobs.claim(ana, claimed(ana, `c${i}`), stale())));
  expect(won.filter(Boolean)).toHaveLength(1);
  const winner = `c${won.indexOf(true)}`;
  expect(await jobs.started(ana, { ...job(ana, 'x'), claim: 'otra' })).toBe(false);
  const a = { ...job(ana, 't1'), claim: winner };
  expect(await jobs.started(ana, a)).toBe(true);
  expect(await jobs.get(ana, a.prefix)).toEqual(a);
  expect(await jobs.claim(ana, claimed(ana, 'tarde'), stale())).toBe(false);
  const eva = crypto.randomUUID();
  expect(await jobs.get(eva, job(ana, 'x').prefix)).toBeUndefined();
  const stored = (await db.send(new GetCommand({ TableName: TABLE, Key: { pk: `USER#${ana}`, sk: 'NARRATION#c1#m01#l1#v1#Lucia' } }))).Item;
  expect(stored?.expiresAt).toBe(Math.floor(now.getTime() / 1000) + NARRATION_KEEP_DAYS * 86_400);
});

it('lets a failed job or a stale claim that never started be claimed again, and a release frees only its own claim', async () => {
  const ana = crypto.randomUUID();
  expect(await jobs.claim(ana, claimed(ana, 'a'), stale())).toBe(true);
  await jobs.release(ana, job(ana, 'x').prefix, 'otra');
  expect(await jobs.get(ana, job(ana, 'x').prefix)).toMatchObject({ claim: 'a' });
  now = new Date(now.getTime() + 61_000);
  expect(await jobs.claim(ana, claimed(ana, 'b'), stale())).toBe(true);
  await jobs.update(ana, { ...job(ana, 't2'), claim: 'b', estado: 'error' });
  expect(await jobs.claim(ana, claimed(ana, 'c'), stale())).toBe(true);
  await jobs.release(ana, job(ana, 'x').prefix, 'c');
  expect(await jobs.get(ana, job(ana, 'x').prefix)).toBeUndefined();
});

it('claims a tutor answer once of ten simultaneous plays, again once stale or released', async () => {
  const claims = dynamoSpeechClaims(db, TABLE, () => now);
  const ana = crypto.randomUUID();
  const won = await Promise.all(Array.from({ length: 10 }, (_, i) => claims.claim(ana, 'c1#h#Lucia', `c${i}`, stale())));
  expect(won.filter(Boolean)).toHaveLength(1);
  await claims.release(ana, 'c1#h#Lucia', 'otra');
  expect(await claims.claim(ana, 'c1#h#Lucia', 'x', stale())).toBe(false);
  await claims.release(ana, 'c1#h#Lucia', `c${won.indexOf(true)}`);
  expect(await claims.claim(ana, 'c1#h#Lucia', 'y', stale())).toBe(true);
  now = new Date(now.getTime() + 61_000);
  expect(await claims.claim(ana, 'c1#h#Lucia', 'z', stale())).toBe(true);
});

it('updates a job to lista with its keys, and forgets it once its audio has expired', async () => {
  const ana = crypto.randomUUID();
  await jobs.claim(ana, claimed(ana, 't1'), stale());
  const ready: NarrationJob = { ...job(ana, 't1'), estado: 'lista', audioKey: 'narration/a.mp3', marksKey: 'narration/a.marks' };
  await jobs.update(ana, ready);
  expect(await jobs.get(ana, ready.prefix)).toEqual(ready);
  now = new Date(now.getTime() + (NARRATION_KEEP_DAYS + 1) * 86_400_000);
  expect(await jobs.get(ana, ready.prefix)).toBeUndefined();
});

it('reserves the month minutes per learner and month, never past the limit under 20 simultaneous reservations', async () => {
  const minutes = dynamoNarrationMinutes(db, TABLE);
  const ana = crypto.randomUUID();
  expect(await minutes.used(ana, '2026-11')).toBe(0);
  const taken = await Promise.all(Array.from({ length: 20 }, () => minutes.reserve(ana, '2026-11', 4, 30)));
  expect(taken.filter(Boolean)).toHaveLength(7);
  expect(await minutes.used(ana, '2026-11')).toBe(28);
  expect(await minutes.reserve(ana, '2026-11', 3, 30)).toBe(false);
  expect(await minutes.reserve(ana, '2026-11', 2, 30)).toBe(true);
  await minutes.release(ana, '2026-11', 2);
  expect(await minutes.used(ana, '2026-11')).toBe(28);
  expect(await minutes.reserve(ana, '2026-12', 31, 30)).toBe(false);
  expect(await minutes.used(ana, '2026-12')).toBe(0);
});
