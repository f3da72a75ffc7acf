import { createHash } from 'node:crypto';
import { badRequest } from '../shared/errors';

// Small pieces the course stores share (a cancelled transaction is read by lambdas/shared/table-writes.ts): the my-courses cursor,
// and the sparse index of running course jobs the sweeper reads (docs/data-model.md).

/** One page of a list: `next` is an opaque cursor for the following page, absent on the last. */
export interface Page<T> {
  items: T[];
  next?: string;
}

const BAD_CURSOR = 'El cursor de la lista no es válido. Vuelve a cargar la lista desde el principio.';

/** The last key of a page, as an opaque URL-safe string. */
export const encodeCursor = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : undefined);

/**
 * A cursor back to a key, accepted only when it points into `owner`'s own index partition, so a
 * crafted cursor can never start a read in another learner's courses.
 */
export function decodeCursor(cursor: string | undefined, owner: Record<string, string>, keyNames: readonly string[]): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw badRequest(BAD_CURSOR);
  const k = key as Record<string, unknown>;
  const exact = Object.keys(k).length === keyNames.length && keyNames.every((name) => typeof k[name] === 'string');
  if (!exact || Object.entries(owner).some(([name, value]) => k[name] !== value)) throw badRequest(BAD_CURSOR);
  return k as Record<string, string>;
}

/**
 * Running-job index partitions (issue 23): every task rewrites its job's sort key, and in one
 * partition every running course's task would land on the same index partition (1,000 write
 * units a second; a sort-key change costs two). Spread by a hash of the course id, a shard takes
 * an eighth of them (docs/capacity.md "Hottest keys").
 */
export const RUNNING_JOB_SHARDS = 8;
const RUNNING = 'COURSE_JOBS#RUNNING';
/** The single partition of jobs started before sharding, still read until none is left in it. */
const LEGACY_RUNNING = RUNNING;

const shardOf = (courseId: string) => createHash('sha256').update(courseId).digest().readUInt32BE(0) % RUNNING_JOB_SHARDS;

/**
 * Sparse index of running course jobs: a course job carries these gsi2 keys while `en_proceso`
 * (partition: its course's shard; sort key: when it last moved) and loses them when it ends, so
 * the sweeper's Query per shard reads only running jobs, oldest first, and never scans.
 */
export const runningJobIndex = {
  name: 'gsi2',
  partitionKey: 'gsi2pk',
  sortKey: 'gsi2sk',
  /** The partition a course's running job is listed in. */
  partition: (courseId: string) => `${RUNNING}#${shardOf(courseId)}`,
  /** Every partition the sweeper reads: the shards, and the one partition of jobs listed before them. */
  partitions: (): string[] => [...Array.from({ length: RUNNING_JOB_SHARDS }, (_, i) => `${RUNNING}#${i}`), LEGACY_RUNNING],
} as const;
