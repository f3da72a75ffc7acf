import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict } from '../shared/errors';
import { userPk } from '../shared/table';

// Idempotency-Key for creating POSTs (SPEC §9 retries, issue 11): the first request with a key does
// the work and stores its answer under (userId, key); a replay answers that same answer, creates
// nothing and takes no second quota unit. The claim is a conditional put made before any work, so
// two concurrent requests with one key never both run; the second waits briefly, then gets a 409.

export const IN_PROGRESS = 'Esta solicitud ya se está procesando. Espera unos segundos y vuelve a intentarlo.';
export const KEY_REUSED = 'Esta clave de idempotencia ya se usó con otra solicitud.';

/** Answers are kept a day (table TTL on expiresAt); a claim whose request died is free again after LOCK_SECONDS. */
const TTL_SECONDS = 24 * 3600;
const LOCK_SECONDS = 60;

export type Claim = { state: 'new' } | { state: 'done'; result: unknown } | { state: 'pending' };

export interface IdempotencyStore {
  claim(userId: string, key: string, fingerprint: string): Promise<Claim>;
  complete(userId: string, key: string, result: unknown): Promise<void>;
  release(userId: string, key: string): Promise<void>;
}

export const fingerprintOf = (route: string, body: unknown) => createHash('sha256').update(`${route} ${JSON.stringify(body ?? null)}`).digest('hex');

const keyOf = (userId: string, key: string) => ({ pk: userPk(userId), sk: `IDEMPOTENCY#${key}` });
const nowS = () => Math.floor(Date.now() / 1000);

export function dynamoIdempotencyStore(db: DynamoDBDocumentClient, TableName: string): IdempotencyStore {
  return {
    async claim(userId, key, huella) {
      try {
        await db.send(
          new PutCommand({
            TableName,
            Item: { ...keyOf(userId, key), estado: 'en_curso', huella, bloqueoHasta: nowS() + LOCK_SECONDS, expiresAt: nowS() + TTL_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk) OR (estado = :curso AND bloqueoHasta < :now)',
            ExpressionAttributeValues: { ':curso': 'en_curso', ':now': nowS() },
          }),
        );
        return { state: 'new' };
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
      const out = await db.send(new GetCommand({ TableName, Key: keyOf(userId, key), ConsistentRead: true }));
      if (out.Item?.huella !== huella) throw conflict(KEY_REUSED);
      return out.Item?.estado === 'hecho' ? { state: 'done', result: out.Item.resultado } : { state: 'pending' };
    },
    async complete(userId, key, resultado) {
      await db.send(
        new UpdateCommand({
          TableName,
          Key: keyOf(userId, key),
          UpdateExpression: 'SET estado = :hecho, resultado = :r REMOVE bloqueoHasta',
          ExpressionAttributeValues: { ':hecho': 'hecho', ':r': resultado },
        }),
      );
    },
    async release(userId, key) {
      await db.send(new UpdateCommand({ TableName, Key: keyOf(userId, key), UpdateExpression: 'SET bloqueoHasta = :zero', ExpressionAttributeValues: { ':zero': 0 } }));
    },
  };
}

/**
 * Runs `work` once per (userId, key): a replay answers the stored result; a replay while the first
 * request still runs waits up to `waitMs` for it, then answers 409. A failed first request frees
 * the key, so the client's retry does the work.
 */
export async function idempotent<T>(store: IdempotencyStore, userId: string, key: string, fingerprint: string, work: () => Promise<T>, waitMs = 3000): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    const claim = await store.claim(userId, key, fingerprint);
    if (claim.state === 'done') return claim.result as T;
    if (claim.state === 'new') break;
    if (Date.now() >= until) throw conflict(IN_PROGRESS);
    await new Promise((r) => setTimeout(r, 250));
  }
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await store.release(userId, key).catch(() => undefined);
    throw error;
  }
  await store.complete(userId, key, result);
  return result;
}

/** The Idempotency-Key header of an API Gateway event (header names arrive lower-cased), if valid. */
export function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  const value = headers?.['idempotency-key'] ?? headers?.['Idempotency-Key'];
  return value && /^[A-Za-z0-9_-]{8,128}$/.test(value) ? value : undefined;
}
