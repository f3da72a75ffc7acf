import { createHash } from 'node:crypto';
import type { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { conflict } from '../shared/errors';
import { KEY_REUSED } from '../shared/idempotency-key';
import { userPk } from '../shared/table';

export { KEY_REUSED, idempotencyKeyOf } from '../shared/idempotency-key';

// Idempotency-Key for creating POSTs (SPEC §9 retries, issue 11), on Powertools Idempotency as
// the Stripe webhooks are (lambdas/payments/event-lease.ts): the first request with a key writes
// an INPROGRESS record in the learner's partition before any work, does the work and stores its
// answer (COMPLETED); a replay answers that same answer, creates nothing and takes no second
// quota unit. Two concurrent requests with one key never both run: the second waits briefly,
// then gets a 409. A first request that fails deletes its record, so the client's retry runs.

export const IN_PROGRESS = 'Esta solicitud ya se está procesando. Espera unos segundos y vuelve a intentarlo.';

/** Answers are kept a day (table TTL on expiresAt); a request that died frees its key after LOCK_MS. */
const TTL_SECONDS = 24 * 3600;
const LOCK_MS = 60_000;
/** The records' sort keys: `IDEMPOTENCY#<md5 of the key>`, the kind they had before Powertools. */
const KEY_PREFIX = 'IDEMPOTENCY';

/** Where a learner's request records live: their own partition. */
export type RequestRecords = (userId: string) => BasePersistenceLayer | Promise<BasePersistenceLayer>;

// Powertools Idempotency and its JMESPath (≈ 37 KB) are imported on the first request that carries a
// key, not at every cold start of the courses Lambda: most of its routes never use them (docs/architecture.md).
export const tableRequestRecords = (tableName: string, client: DynamoDBClient): RequestRecords => async (userId) =>
  (await import('../shared/idempotency-records')).tableIdempotencyRecords(tableName, client, userPk(userId));

export const fingerprintOf = (route: string, body: unknown) => createHash('sha256').update(`${route} ${JSON.stringify(body ?? null)}`).digest('hex');

const configFor = (Config: typeof IdempotencyConfig) => new Config({
  eventKeyJmesPath: 'key',
  // The same key with another request is refused, not answered with the first one's result.
  payloadValidationJmesPath: 'fingerprint',
  expiresAfterSeconds: TTL_SECONDS,
  // The in-progress lock: a request killed mid-way holds the key no longer than this.
  lambdaContext: { getRemainingTimeInMillis: () => LOCK_MS } as Context,
});

/**
 * Runs `work` once per (userId, key): a replay answers the stored result; a replay while the first
 * request still runs waits up to `waitMs` for it, then answers 409. A failed first request frees
 * the key, so the client's retry does the work.
 */
export async function idempotent<T>(records: RequestRecords, userId: string, key: string, fingerprint: string, work: () => Promise<T>, waitMs = 3000): Promise<T> {
  const { IdempotencyConfig: Config, makeIdempotent } = await import('@aws-lambda-powertools/idempotency');
  const once = makeIdempotent((_request: { key: string; fingerprint: string }) => work(), { persistenceStore: await records(userId), config: configFor(Config), keyPrefix: KEY_PREFIX });
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await once({ key, fingerprint });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'IdempotencyValidationError') throw conflict(KEY_REUSED);
      if (name !== 'IdempotencyAlreadyInProgressError') throw error;
      if (Date.now() >= until) throw conflict(IN_PROGRESS);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
