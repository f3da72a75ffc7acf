import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict } from '../shared/errors';
import { KEY_REUSED } from '../shared/idempotency-key';
import { userPk } from '../shared/table';
import { writeIf } from '../shared/table-writes';

// The phone's outbox (issue 44, docs/review.md "Replays"): a review rating or a self-check answer given
// offline is sent later under the Idempotency-Key the browser made when the learner answered, maybe many
// times (retries, two tabs). The first request that changes something writes a replay record
//   USER#<sub> / REPLAY#<key>   fingerprint (what was asked), answer (what was answered), expiresAt (TTL)
// with the change itself (a rating: in the same transaction as the card); every later request with the
// key answers that answer and changes nothing. The record lives in the learner's partition, so a key
// names nothing of another learner's and an account deletion takes the records with it.

export interface Replay {
  /** SHA-256 of the route and what it was asked: the same key with another request is refused. */
  fingerprint: string;
  answer: Record<string, unknown>;
}

export interface ReplayStore {
  get: (userId: string, key: string) => Promise<Replay | undefined>;
  /** Writes the record unless the key has one: false when another request got there first. */
  put: (userId: string, key: string, replay: Replay, now: Date) => Promise<boolean>;
}

/** Longer than an outbox waits for a connection in practice; TTL removes the records on AWS. */
const REPLAY_TTL_DAYS = 30;
export const replayKey = (userId: string, key: string) => ({ pk: userPk(userId), sk: `REPLAY#${key}` });

export const fingerprintOf = (route: string, request: unknown) => createHash('sha256').update(`${route} ${JSON.stringify(request)}`).digest('hex');

/** The record's PutItem, conditioned on the key having none (also one item of a rating's transaction). */
export const replayPut = (TableName: string, userId: string, key: string, replay: Replay, now: Date) => ({
  TableName,
  Item: { ...replayKey(userId, key), ...replay, createdAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + REPLAY_TTL_DAYS * 86_400 },
  ConditionExpression: 'attribute_not_exists(pk)',
});

/** The first request's answer for a replay of it; 409 in Spanish when the key was used for another request. */
export function answerOf<T>(replay: Replay, fingerprint: string): T {
  if (replay.fingerprint !== fingerprint) throw conflict(KEY_REUSED);
  return replay.answer as T;
}

export function dynamoReplays(db: DynamoDBDocumentClient, TableName: string): ReplayStore {
  return {
    async get(userId, key) {
      const out = await db.send(new GetCommand({ TableName, Key: replayKey(userId, key), ConsistentRead: true, ProjectionExpression: 'fingerprint, answer' }));
      return out.Item as Replay | undefined;
    },
    put: (userId, key, replay, now) => writeIf(db.send(new PutCommand(replayPut(TableName, userId, key, replay, now)))),
  };
}
