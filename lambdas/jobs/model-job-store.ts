import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobResult } from '../contract';
import { type JobItem, jobKey } from '../course-model';
import { clock } from '../shared/clock';
import { userPk } from '../shared/table';
import { writeIf } from '../shared/table-writes';

/**
 * The job item of a model job (same key and view as a course job, GET /jobs/{id}). `finish` only
 * changes a job still `en_proceso`, so a late retry never turns a failed job into a finished one
 * (or back) and the allowance is given back exactly once.
 */
export interface ModelJobStore {
  create(job: JobItem): Promise<void>;
  /** True when this call ended the job (false: it had already ended). */
  /** `costeEstimadoUSD`: what the job's model calls cost at list prices, kept on the job it served. */
  finish(userId: string, jobId: string, end: ({ result: JobResult } | { error: string }) & { costeEstimadoUSD?: number }): Promise<boolean>;
  /**
   * Takes the learner's lock on `key` for `jobId`. Answers undefined when taken, or the id of the
   * job that holds it and is still running (or still starting): that job does the same work.
   */
  claim(userId: string, key: string, jobId: string): Promise<string | undefined>;
  /** Lets go of a lock taken for a job that never started (a refused allowance, a failed start). */
  release(userId: string, key: string, jobId: string): Promise<void>;
}

/** A lock with no job item yet is its job starting; past this it is a start that died. */
const STARTING_MS = 30_000;
/** How long a joining request waits for starting jobs' fate (an allowance, a write: a few round trips each). */
const STARTING_WAIT_MS = 5_000;
const STARTING_POLL_MS = 50;
/** No model job runs longer (its state machine's bound); a lock older than this is free. */
const HELD_MAX_MS = 15 * 60_000;
const lockKey = (userId: string, key: string) => ({ pk: userPk(userId), sk: `JOBLOCK#${key}` });
interface Lock {
  jobId: string;
  at: string;
  released?: boolean;
}

export function dynamoModelJobStore(db: DynamoDBDocumentClient, TableName: string): ModelJobStore {
  const readLock = async (Key: ReturnType<typeof lockKey>) => (await db.send(new GetCommand({ TableName, Key, ConsistentRead: true }))).Item as Lock | undefined;
  const readJob = async (userId: string, jobId: string) => (await db.send(new GetCommand({ TableName, Key: jobKey(userId, jobId), ConsistentRead: true }))).Item as JobItem | undefined;
  /** A starting job's fate: its item written, its lock let go (refused, failed), or still starting after the wait. */
  async function startOutcome(userId: string, Key: ReturnType<typeof lockKey>, jobId: string, until: number): Promise<'started' | 'released' | 'starting'> {
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, STARTING_POLL_MS));
      const [lock, job] = await Promise.all([readLock(Key), readJob(userId, jobId)]);
      if (job) return 'started';
      if (!lock || lock.released || lock.jobId !== jobId) return 'released';
    }
    return 'starting';
  }
  return {
    async create(job) {
      await db.send(new PutCommand({ TableName, Item: { ...job, ...jobKey(job.userId, job.jobId) }, ConditionExpression: 'attribute_not_exists(pk)' }));
    },

    async claim(userId, key, jobId) {
      const Key = lockKey(userId, key);
      // A lost race re-reads the lock, whose job is then the winner's (still starting).
      // A lock let go while we waited (its start was refused) is progress, not contention: twenty
      // identical requests on a spent allowance are refused one after another, each in a round trip
      // or two. Bounded by time: past it, a starting job's id is answered as before.
      const until = Date.now() + STARTING_WAIT_MS;
      for (let round = 0; round < 40; round++) {
        const now = clock.now().getTime();
        const held = await readLock(Key);
        if (held && !held.released && now - Date.parse(held.at) < HELD_MAX_MS) {
          const job = await readJob(userId, held.jobId);
          if (job) {
            if (job.status === 'en_proceso') return held.jobId;
          } else if (now - Date.parse(held.at) < STARTING_MS) {
            // Still starting: its allowance may yet refuse it, and then its id names no job. Wait
            // for the job to exist (it is shared) or the lock to be let go (then take it and pay).
            if ((await startOutcome(userId, Key, held.jobId, until)) !== 'released') return held.jobId;
            continue;
          }
        }
        const taken = await writeIf(
          db.send(
            new PutCommand({
              TableName,
              Item: { ...Key, jobId, at: new Date(now).toISOString() },
              ConditionExpression: held ? 'jobId = :old' : 'attribute_not_exists(pk)',
              ...(held && { ExpressionAttributeValues: { ':old': held.jobId } }),
            }),
          ),
        );
        if (taken) return undefined;
      }
      throw Object.assign(new Error(`job lock ${key} kept changing`), { name: 'JobLockContention' });
    },

    async release(userId, key, jobId) {
      // Another job's lock now: not ours to let go.
      await writeIf(
        db.send(
          new UpdateCommand({ TableName, Key: lockKey(userId, key), UpdateExpression: 'SET released = :yes', ConditionExpression: 'jobId = :mine', ExpressionAttributeValues: { ':yes': true, ':mine': jobId } }),
        ),
      );
    },

    async finish(userId, jobId, end) {
      const ok = 'result' in end;
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: jobKey(userId, jobId),
            UpdateExpression: `SET #status = :status, #step = :status, #done = #total, updatedAt = :now, ${ok ? '#result = :value' : '#error = :value'}${end.costeEstimadoUSD === undefined ? '' : ', costeEstimadoUSD = :cost'}`,
            ConditionExpression: '#status = :running',
            ExpressionAttributeNames: { '#status': 'status', '#step': 'step', '#done': 'done', '#total': 'total', [ok ? '#result' : '#error']: ok ? 'result' : 'error' },
            ExpressionAttributeValues: {
              ':status': ok ? 'completado' : 'error', ':running': 'en_proceso', ':now': new Date().toISOString(), ':value': ok ? end.result : end.error,
              ...(end.costeEstimadoUSD !== undefined && { ':cost': end.costeEstimadoUSD }),
            },
          }),
        ),
      );
    },
  };
}
