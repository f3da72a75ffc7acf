import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoGeneratingCourses, jobKey } from '../course-model';
import { clock } from '../shared/clock';
import { logger } from '../shared/logger';
import { answerIf, writeIf } from '../shared/table-writes';
import { BudgetExhausted, QUEUE_FRESH_MS, QUEUE_PK, queueSk, remainingTokens } from '../shared/ai/model-budget';

// The queue the learner sees ("En cola: N cursos por delante", issue 23). A course task refused by
// the model budget marks its job waiting (`cola`: the course's place, below) and puts a mark in one
// partition, `COLA#generacion`, sorted by that place; its next task that gets budget removes both
// once no task of the course was refused for QUIET_MS (so a course whose tasks are refused and
// admitted by turns does not blink in and out of the queue), and Finalize or MarkFailed remove them
// in any case. GET /jobs/{id} counts the fresh marks before its own (a Query, never a Scan). A mark is
// refreshed at every refusal and every turn (turns.ts: a waiting task's turn state times out at 300 s
// at most) and not counted once QUEUE_FRESH_MS old, so a course that stopped waiting without saying so
// (the sweeper failed it) leaves the count within minutes. The partition takes two writes per waiting
// episode and one per refusal: a handful a second at most.
//
// The place is fair between learners (issue 40, docs/capacity.md "Turns" rule 1): `r<k>#<createdAt>`,
// k the number of the learner's courses still generating that were asked for before this one
// (course-model generating-courses.ts). Every learner's oldest course comes first, in the order asked,
// then every learner's second, and so on: round-robin over learners, so a later learner's one course
// waits behind at most one course of anyone else. The same place keys the turn queue
// (model-turns.ts turnSk), so the courses ahead in the count are the ones served first. k only falls
// (a course of the learner ends), and the place is read again at every refusal: a course moves up.

/** A course's place in the queues: its rank among its learner's courses generating, then its request time. */
export const fairPlace = (rank: number, createdAt: string) => `r${rank}#${createdAt}`;

export interface GenerationQueue {
  /** Answers the course's place (its job's createdAt), or nothing when the job no longer runs. */
  wait: (userId: string, jobId: string) => Promise<string | undefined>;
  /** `ended`: the course is done or failed, so the mark goes whatever the last refusal. */
  leave: (userId: string, jobId: string, ended?: boolean) => Promise<void>;
}

/** How long after its last refusal a course still shows its place, though one of its tasks got through. */
export const QUIET_MS = 10_000;

export function dynamoGenerationQueue(db: DynamoDBDocumentClient, table: string): GenerationQueue {
  const generating = dynamoGeneratingCourses(db, table);
  /**
   * Keeps the job's place at `place` unless it holds a better one already (a place only moves up; two
   * refusals of one course at once may read its rank either side of a sibling's end), moving its mark.
   */
  const placed = async (userId: string, jobId: string, place: string, was: string | undefined) => {
    if (was !== undefined && was <= place) return was;
    const moved = await writeIf(
      db.send(
        new UpdateCommand({
          TableName: table,
          Key: jobKey(userId, jobId),
          UpdateExpression: 'SET cola = :p',
          ConditionExpression: '#s = :running AND (attribute_not_exists(cola) OR cola > :p)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':p': place, ':running': 'en_proceso' },
        }),
      ),
    );
    if (moved) {
      if (was !== undefined) await db.send(new DeleteCommand({ TableName: table, Key: { pk: QUEUE_PK, sk: queueSk(was, jobId) } }));
      return place;
    }
    // Ended meanwhile, or placed better by another refusal of the course: as the job says now.
    const now = (await db.send(new GetCommand({ TableName: table, Key: jobKey(userId, jobId), ProjectionExpression: 'cola, #s', ExpressionAttributeNames: { '#s': 'status' }, ConsistentRead: true }))).Item;
    return now?.status === 'en_proceso' && now.cola !== undefined ? String(now.cola) : undefined;
  };
  return {
    async wait(userId, jobId) {
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName: table,
            Key: jobKey(userId, jobId),
            // gsi2sk: waiting is moving, for the stale-job sweeper (a course may wait longer than its 15 minutes).
            UpdateExpression: 'SET colaVista = :ms, gsi2sk = :now',
            ConditionExpression: '#s = :running',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':running': 'en_proceso', ':now': clock.now().toISOString(), ':ms': clock.now().getTime() },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      // The job no longer runs: nothing to mark.
      if (!out) return undefined;
      const job = out.Attributes ?? {};
      const was = job.cola === undefined ? undefined : String(job.cola);
      const since = await placed(userId, jobId, fairPlace(await generating.ahead(userId, jobId, String(job.createdAt)), String(job.createdAt)), was);
      if (since === undefined) return undefined;
      const expiresAt = clock.now().getTime() + QUEUE_FRESH_MS;
      // What the course still asks of the budget, for the wait shown to those behind it (queue-position.ts).
      const tokens = remainingTokens(Number(job.total ?? 0), Number(job.done ?? 0));
      await db.send(new PutCommand({ TableName: table, Item: { pk: QUEUE_PK, sk: queueSk(since, jobId), userId, jobId, tokens, freshUntil: expiresAt, expiresAt: Math.ceil(expiresAt / 1000) + 3600 } }));
      return since;
    },
    async leave(userId, jobId, ended = false) {
      // Its learner's later courses move up a place (their next refusal reads it).
      if (ended) await generating.end(userId, jobId);
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName: table,
            Key: jobKey(userId, jobId),
            UpdateExpression: 'REMOVE cola, colaVista',
            ConditionExpression: ended ? 'attribute_exists(cola)' : 'attribute_exists(cola) AND colaVista < :quiet',
            ...(!ended && { ExpressionAttributeValues: { ':quiet': clock.now().getTime() - QUIET_MS } }),
            ReturnValues: 'UPDATED_OLD',
          }),
        ),
      );
      // Not waiting, or refused too lately to leave yet: the mark stays as it is.
      if (!out) return;
      const since = String(out.Attributes?.cola);
      await db.send(new DeleteCommand({ TableName: table, Key: { pk: QUEUE_PK, sk: queueSk(since, jobId) } }));
    },
  };
}

/**
 * Runs a course task with the queue kept true: refused by the budget, the job is marked waiting and
 * the refusal goes on to the state machine (whose Retry waits its turn); done, the mark goes.
 */
export async function inQueue<T>(queue: GenerationQueue, course: { userId?: string; jobId?: string } | undefined, run: () => Promise<T>, ends = false): Promise<T> {
  if (!course?.userId || !course.jobId) return run();
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // The queue is what the learner sees, never what decides: a failed mark leaves the refusal as it was.
    if (error instanceof BudgetExhausted) await queue.wait(course.userId, course.jobId).catch((e: Error) => void logger.warn('queue mark not written', { error: e.message }));
    throw error;
  }
  await queue.leave(course.userId, course.jobId, ends).catch((e: Error) => logger.warn('queue mark not removed', { error: e.message }));
  return result;
}
