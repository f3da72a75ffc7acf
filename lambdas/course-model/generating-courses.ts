import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
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
//   the wrong message). The lock is held for a few DynamoDB writes; a request that finds it taken looks
//   again every ≈ 50 ms.
// - The fair queue (docs/capacity.md "Turns", rule 1): a course's place is its rank among the
//   learner's courses still generating, then its request time (lambdas/pipeline/generation-queue.ts).
// An entry is removed when its run ends (Finalize, MarkFailed); one whose job ended otherwise (the
// sweeper) is read as ended through its job's status, and pruned at the learner's next start.

const ITEM = 'GENERANDO';
/** How long a start holds the lock at most: a few writes (a lost holder frees it then). */
const HOLD_MS = 15_000;
/** How long a start waits for the lock before a 429 (20 plans at once take a second or two). */
const WAIT_MS = 20_000;
/** A run registered whose job is not written yet (a start in flight) counts as running this long. */
const STARTING_MS = 30_000;

export const busyMessage = 'Estamos creando otro de tus cursos. Inténtalo de nuevo en unos segundos.';
export const atOnceMessage = (plan: string, most: number) =>
  `Tu plan ${plan} permite ${most} cursos generándose a la vez. Cuando termine uno de ellos podrás crear otro.`;

export interface GeneratingCourses {
  /**
   * Starts run `jobId` under the learner's start lock: runs `check` (the month's limits, which throw
   * their own refusals and answer first: a learner whose month is used is told so, whatever runs),
   * then refuses (429, Spanish, after `undo` gives back what `check` took) when `most` courses are
   * generating already, and registers the run only when both pass.
   */
  admit(userId: string, jobId: string, createdAt: string, most: { plan: string; cursos: number }, check: () => Promise<void>, undo?: () => Promise<void>): Promise<void>;
  /** How many of the learner's courses still generating were asked for before run `jobId`. */
  ahead(userId: string, jobId: string, createdAt: string): Promise<number>;
  /** Run `jobId` ended. */
  end(userId: string, jobId: string): Promise<void>;
}

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
  const acquire = async (userId: string, me: string): Promise<Runs> => {
    const until = Date.now() + WAIT_MS;
    for (;;) {
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
      if (out) return (out.Attributes?.cursos ?? {}) as Runs;
      if (Date.now() > until) throw tooMany(busyMessage);
      await sleep(30 + Math.random() * 40);
    }
  };
  const release = (userId: string, me: string) =>
    writeIf(db.send(new UpdateCommand({ TableName: table, Key: key(userId), UpdateExpression: 'REMOVE arranque, arranqueHasta', ConditionExpression: 'arranque = :me', ExpressionAttributeValues: { ':me': me } })));
  return {
    async admit(userId, jobId, createdAt, most, check, undo) {
      const me = randomUUID();
      const runs = Object.entries(await acquire(userId, me));
      try {
        await check();
        const live = await running(userId, runs);
        if (live.length >= most.cursos) {
          await undo?.();
          throw tooMany(atOnceMessage(most.plan, most.cursos));
        }
        // Registered with the runs that ended pruned (the lock goes after, in `finally`).
        const ended = runs.filter((r) => !live.includes(r)).map(([id]) => id);
        const names: Record<string, string> = { '#j': jobId };
        ended.forEach((id, i) => (names[`#e${i}`] = id));
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: key(userId),
            UpdateExpression: `SET cursos.#j = :at${ended.length ? ` REMOVE ${ended.map((_, i) => `cursos.#e${i}`).join(', ')}` : ''}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':at': createdAt },
          }),
        );
      } finally {
        await release(userId, me);
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
