import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { jobKey } from '../course-model';
import { clock } from '../shared/clock';
import { logger } from '../shared/logger';
import { answerIf } from '../shared/table-writes';
import { BudgetExhausted, QUEUE_FRESH_MS, QUEUE_PK, queueSk, remainingTokens } from '../shared/ai/model-budget';

// The queue the learner sees ("En cola: N cursos por delante", issue 23). A course task refused by
// the model budget marks its job waiting (`cola` = the job's createdAt, so a course keeps its place
// by when it was asked for) and puts a mark in one partition, `COLA#generacion`, sorted by that time;
// its next task that gets budget removes both once no task of the course was refused for QUIET_MS (so
// a course whose tasks are refused and admitted by turns does not blink in and out of the queue), and
// Finalize or MarkFailed remove them in any case. GET /jobs/{id} counts the fresh marks before its own
// (a Query, never a Scan). A mark is refreshed at every refusal and every turn (turns.ts: a waiting
// task's turn state times out at 300 s at most) and not counted once QUEUE_FRESH_MS old, so a course
// that stopped waiting without saying so (the sweeper failed it) leaves the count within minutes.
// The partition takes two writes per waiting episode and one per refusal: a handful a second at most.

export interface GenerationQueue {
  /** Answers the course's place (its job's createdAt), or nothing when the job no longer runs. */
  wait: (userId: string, jobId: string) => Promise<string | undefined>;
  /** `ended`: the course is done or failed, so the mark goes whatever the last refusal. */
  leave: (userId: string, jobId: string, ended?: boolean) => Promise<void>;
}

/** How long after its last refusal a course still shows its place, though one of its tasks got through. */
export const QUIET_MS = 10_000;

export function dynamoGenerationQueue(db: DynamoDBDocumentClient, table: string): GenerationQueue {
  return {
    async wait(userId, jobId) {
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName: table,
            Key: jobKey(userId, jobId),
            // gsi2sk: waiting is moving, for the stale-job sweeper (a course may wait longer than its 15 minutes).
            UpdateExpression: 'SET cola = if_not_exists(cola, createdAt), colaVista = :ms, gsi2sk = :now',
            ConditionExpression: '#s = :running',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':running': 'en_proceso', ':now': clock.now().toISOString(), ':ms': clock.now().getTime() },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      // The job no longer runs: nothing to mark.
      if (!out) return undefined;
      const since = String(out.Attributes?.cola);
      const expiresAt = clock.now().getTime() + QUEUE_FRESH_MS;
      // What the course still asks of the budget, for the wait shown to those behind it (queue-position.ts).
      const tokens = remainingTokens(Number(out.Attributes?.total ?? 0), Number(out.Attributes?.done ?? 0));
      await db.send(new PutCommand({ TableName: table, Item: { pk: QUEUE_PK, sk: queueSk(since, jobId), userId, jobId, tokens, freshUntil: expiresAt, expiresAt: Math.ceil(expiresAt / 1000) + 3600 } }));
      return since;
    },
    async leave(userId, jobId, ended = false) {
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
