import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { logger } from '../shared/logger';
import { tooMany } from '../shared/errors';
import { userPk } from '../shared/table';
import { answerIf, writeIf } from '../shared/table-writes';
import { jobKey } from './course-keys';

// The learner's courses generating now (issue 40 item 2): one item per learner, `USER#<sub>` /
// `GENERANDO`, whose map `cursos` holds each run started (job id -> the job's createdAt). It serves two
// things:
// - A plan's limit of courses at once (plans.ts CURSOS_A_LA_VEZ). A course is started under the
//   learner's start lock (`arranque` on the same item): every check of a new course (this limit, the
//   month's count and AI budget) runs for one request of the learner at a time, so 20 plans sent
//   together answer exactly as 20 sent one after another; which limit answers never depends on timing
//   (a refused request's hold or unit, given back a moment later, used to refuse its neighbours with
//   the wrong message). The lock is held for a few DynamoDB calls; a request that finds it taken looks
//   again after a growing pause (30 ms to 250 ms, jittered: twenty waiters polling every 50 ms were
//   most of the load on a loaded DynamoDB Local). On AWS 20 plans at once are decided in a second or
//   two; on a machine so loaded that a start waits WAIT_MS for its turn, it goes ahead unlocked (and
//   its limits answer as before the lock) rather than fail for a lock.
// - The fair queue (docs/capacity.md "Turns", rule 1): a course's place is its rank among the
//   learner's courses still generating, then its request time (lambdas/pipeline/generation-queue.ts).
// An entry is removed when its run ends (Finalize, MarkFailed); one whose job ended otherwise (the
// sweeper) is read as ended through its job's status, and pruned at the learner's next start.

const ITEM = 'GENERANDO';
/** How long a start holds the lock at most: a few writes (a lost holder frees it then). */
const HOLD_MS = 15_000;
/** How long a start waits for the lock before it goes ahead unlocked, well within the courses API's 29 s. */
const WAIT_MS = 15_000;
/** A run registered whose job is not written yet (a start in flight) counts as running this long. */
const STARTING_MS = 30_000;

export const atOnceMessage = (plan: string, most: number) =>
  `Tu plan ${plan} permite ${most} cursos generándose a la vez. Cuando termine uno de ellos podrás crear otro.`;

export interface GeneratingCourses {
  /**
   * Starts run `jobId` under the learner's start lock: runs `check` (the month's limits, which throw
   * their own refusals and answer first: a learner whose month is used is told so, whatever runs),
   * then refuses (429, Spanish, after `undo` gives back what `check` took) when `most` courses are
   * generating already, and registers the run only when both pass.
   */
  admit(userId: string, jobId: string, createdAt: string, most: CoursesAtOnce | Promise<CoursesAtOnce>, check: () => Promise<void>, undo?: () => Promise<void>): Promise<void>;
  /** How many of the learner's courses still generating were asked for before run `jobId`. */
  ahead(userId: string, jobId: string, createdAt: string): Promise<number>;
  /** Run `jobId` ended. */
  end(userId: string, jobId: string): Promise<void>;
}

/** The learner's plan and the courses it lets generate at once; may still be read while the lock is taken (issue 42). */
export interface CoursesAtOnce { plan: string; cursos: number }

type Runs = Record<string, string>;
const before = (a: [string, string], b: [string, string]) => a[1] < b[1] || (a[1] === b[1] && a[0] < b[0]);

export function dynamoGeneratingCourses(db: DynamoDBDocumentClient, table: string, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): GeneratingCourses {
  const key = (userId: string) => ({ pk: userPk(userId), sk: ITEM });
  /** The runs of `runs` whose jobs still run (one BatchGet); the others have ended. */
  const running = async (userId: string, runs: [string, string][]) => {
    if (!runs.length) return [];
    const out = await db.send(
      new BatchGetCommand({
        RequestItems: { [table]: { Keys: runs.map(([jobId]) => jobKey(userId, jobId)), ProjectionExpression: 'jobId, #s', ExpressionAttributeNames: { '#s': 'status' }, ConsistentRead: true } },
      }),
    );
    const status = new Map((out.Responses?.[table] ?? []).map((j) => [String(j.jobId), String(j.status)]));
    const now = clock.now().getTime();
    return runs.filter(([jobId, at]) => (status.has(jobId) ? status.get(jobId) === 'en_proceso' : now - Date.parse(at) < STARTING_MS));
  };
  /** The learner's runs, and whether this start holds the lock. */
  const acquire = async (userId: string, me: string): Promise<{ runs: Runs; held: boolean }> => {
    const until = Date.now() + WAIT_MS;
    for (let pause = 30; ; pause = Math.min(250, pause * 1.5)) {
      const now = clock.now().getTime();
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName: table,
            Key: key(userId),
            UpdateExpression: 'SET arranque = :me, arranqueHasta = :hold, cursos = if_not_exists(cursos, :none)',
            ConditionExpression: 'attribute_not_exists(arranqueHasta) OR arranqueHasta < :now',
            ExpressionAttributeValues: { ':me': me, ':hold': now + HOLD_MS, ':now': now, ':none': {} },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      if (out) return { runs: (out.Attributes?.cursos ?? {}) as Runs, held: true };
      if (Date.now() > until) {
        logger.warn('course start lock not taken in time: going ahead unlocked', { userId });
        const item = await db.send(new UpdateCommand({ TableName: table, Key: key(userId), UpdateExpression: 'SET cursos = if_not_exists(cursos, :none)', ExpressionAttributeValues: { ':none': {} }, ReturnValues: 'ALL_NEW' }));
        return { runs: (item.Attributes?.cursos ?? {}) as Runs, held: false };
      }
      await sleep(pause * (0.5 + Math.random()));
    }
  };
  const release = (userId: string, me: string) =>
    writeIf(db.send(new UpdateCommand({ TableName: table, Key: key(userId), UpdateExpression: 'REMOVE arranque, arranqueHasta', ConditionExpression: 'arranque = :me', ExpressionAttributeValues: { ':me': me } })));
  return {
    async admit(userId, jobId, createdAt, most, check, undo) {
      const me = randomUUID();
      // The plan's read may go beside the lock's write; it is awaited before anything is counted, so a failed read takes nothing.
      const planned = Promise.resolve(most);
      planned.catch(() => undefined);
      const lock = await acquire(userId, me);
      const runs = Object.entries(lock.runs);
      let released = !lock.held;
      try {
        const limit = await planned;
        await check();
        const live = await running(userId, runs);
        if (live.length >= limit.cursos) {
          await undo?.();
          throw tooMany(atOnceMessage(limit.plan, limit.cursos));
        }
        // Registered with the runs that ended pruned, and the lock let go in the same write while ours.
        const ended = runs.filter((r) => !live.includes(r)).map(([id]) => id);
        const names: Record<string, string> = { '#j': jobId };
        ended.forEach((id, i) => (names[`#e${i}`] = id));
        const register = (held: boolean) => {
          const removed = [...(held ? ['arranque', 'arranqueHasta'] : []), ...ended.map((_, i) => `cursos.#e${i}`)];
          return db.send(
            new UpdateCommand({
              TableName: table,
              Key: key(userId),
              UpdateExpression: `SET cursos.#j = :at${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: { ':at': createdAt, ...(held && { ':me': me }) },
              ...(held && { ConditionExpression: 'arranque = :me' }),
            }),
          );
        };
        // Ours no more (the hold ran out, or never taken): registered all the same.
        if (!lock.held || !(released = await writeIf(register(true)))) await register(false);
      } finally {
        if (!released) await release(userId, me);
      }
    },
    async ahead(userId, jobId, createdAt) {
      const out = await db.send(new GetCommand({ TableName: table, Key: key(userId), ProjectionExpression: 'cursos', ConsistentRead: true }));
      const mine: [string, string] = [jobId, createdAt];
      const earlier = Object.entries((out.Item?.cursos ?? {}) as Runs).filter((r) => r[0] !== jobId && before(r, mine));
      return (await running(userId, earlier)).length;
    },
    async end(userId, jobId) {
      await writeIf(
        db.send(new UpdateCommand({ TableName: table, Key: key(userId), UpdateExpression: 'REMOVE cursos.#j', ConditionExpression: 'attribute_exists(cursos)', ExpressionAttributeNames: { '#j': jobId } })),
      );
    },
  };
}
