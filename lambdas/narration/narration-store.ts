import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE, userPk } from '../shared/table';
import { writeIf } from '../shared/table-writes';
import type { NarrationDeps, NarrationJob } from './use-cases';

// Narration jobs, claims and the month's minutes in the learner's partition (docs/data-model.md,
// Narration). A job at (USER#sub, NARRATION#<course>#<lesson>#<version>#<voice>) is CLAIMED by a
// conditional Put before Polly hears anything (N simultaneous first plays: one claim, one synthesis,
// one charge), then given its tasks; it lives as long as its audio in the bucket (expiresAt = the
// bucket's expiry, TABLE.ttlAttribute). A tutor answer read aloud is claimed the same way at
// (USER#sub, SPEECHCLAIM#<course>#<hash>#<voice>), plumbing the export leaves out. The minutes at
// (USER#sub, USAGE#narracion#<month>) are RESERVED by one conditional ADD (never past the plan, whatever
// the timing) and given back when Polly refuses to start. All are erased with the account, as every item of the partition is.

/** Days the audio and its job are kept after they are made (the audio bucket's lifecycle rule says the same). */
export const NARRATION_KEEP_DAYS = 30;

const jobSk = (prefix: string) => `NARRATION#${prefix.split('/').slice(2, -1).join('#')}`;
export const minutesSk = (month: string) => `USAGE#narracion#${month}`;

const expiry = (now: () => Date) => Math.floor(now().getTime() / 1000) + NARRATION_KEEP_DAYS * 86_400;

// A claim another request may take over: a failed job, a claim whose tasks never started by `stale`
// (its request died between the claim and Polly), or an item past its TTL that DynamoDB has not deleted yet.
const TAKEOVER = 'attribute_not_exists(pk) OR estado = :error OR (attribute_not_exists(audioTask) AND reclamadoEn < :stale) OR #exp <= :nowSec';

export function dynamoNarrationJobs(db: DynamoDBDocumentClient, tableName: string, now: () => Date): NarrationDeps['jobs'] {
  const key = (userId: string, prefix: string) => ({ pk: userPk(userId), sk: jobSk(prefix) });
  const item = (userId: string, job: NarrationJob) => ({ ...key(userId, job.prefix), ...job, [TABLE.ttlAttribute]: expiry(now) });
  const toJob = (i: Record<string, unknown>): NarrationJob => {
    const { prefix, estado, audioTask, marksTask, audioKey, marksKey, caracteres, claim, reclamadoEn } = i as unknown as NarrationJob;
    return {
      prefix, estado, caracteres,
      ...(audioTask && { audioTask }), ...(marksTask && { marksTask }), ...(audioKey && { audioKey }), ...(marksKey && { marksKey }),
      ...(claim && { claim }), ...(reclamadoEn && { reclamadoEn }),
    };
  };
  return {
    async get(userId, prefix) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, prefix), ConsistentRead: true }));
      // DynamoDB deletes expired items within days, not at once: an expired job is no job (its audio is gone).
      const expired = Number(out.Item?.[TABLE.ttlAttribute] ?? Infinity) * 1000 <= now().getTime();
      return out.Item && !expired ? toJob(out.Item) : undefined;
    },
    claim(userId, job, staleBefore) {
      return writeIf(
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: item(userId, job),
            ConditionExpression: TAKEOVER,
            ExpressionAttributeNames: { '#exp': TABLE.ttlAttribute },
            ExpressionAttributeValues: { ':error': 'error', ':stale': staleBefore, ':nowSec': Math.floor(now().getTime() / 1000) },
          }),
        ),
      );
    },
    started(userId, job) {
      return writeIf(db.send(new PutCommand({ TableName: tableName, Item: item(userId, job), ConditionExpression: 'claim = :claim', ExpressionAttributeValues: { ':claim': job.claim } })));
    },
    async release(userId, prefix, claim) {
      await writeIf(db.send(new DeleteCommand({ TableName: tableName, Key: key(userId, prefix), ConditionExpression: 'claim = :claim', ExpressionAttributeValues: { ':claim': claim } })));
    },
    async update(userId, job) {
      await db.send(new PutCommand({ TableName: tableName, Item: item(userId, job) }));
    },
  };
}

/**
 * The claim of a short audio kept whole (spoken-audio.ts): one synthesis per text and voice. A tutor answer's
 * is in its learner's partition; a voice's sample (nobody's, owner '') at (NARRATIONSAMPLE#<voice>, CLAIM). It
 * stays after the audio is stored (until stale) so a late twin waits for the object instead of synthesizing again.
 */
export function dynamoSpeechClaims(db: DynamoDBDocumentClient, tableName: string, now: () => Date) {
  const key = (userId: string, name: string) => (userId ? { pk: userPk(userId), sk: `SPEECHCLAIM#${name}` } : { pk: `NARRATIONSAMPLE#${name}`, sk: 'CLAIM' });
  return {
    /** True when this request holds the claim: none existed, or the one there is older than `staleBefore`. */
    claim(userId: string, name: string, claim: string, staleBefore: string): Promise<boolean> {
      return writeIf(
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(userId, name), claim, reclamadoEn: now().toISOString(), [TABLE.ttlAttribute]: expiry(now) },
            ConditionExpression: 'attribute_not_exists(pk) OR reclamadoEn < :stale OR #exp <= :nowSec',
            ExpressionAttributeNames: { '#exp': TABLE.ttlAttribute },
            ExpressionAttributeValues: { ':stale': staleBefore, ':nowSec': Math.floor(now().getTime() / 1000) },
          }),
        ),
      );
    },
    /** The synthesis failed: the claim goes, so the next play may try. */
    async release(userId: string, name: string, claim: string): Promise<void> {
      await writeIf(db.send(new DeleteCommand({ TableName: tableName, Key: key(userId, name), ConditionExpression: 'claim = :claim', ExpressionAttributeValues: { ':claim': claim } })));
    },
  };
}
export type SpeechClaims = ReturnType<typeof dynamoSpeechClaims>;

export function dynamoNarrationMinutes(db: DynamoDBDocumentClient, tableName: string) {
  const key = (userId: string, month: string) => ({ pk: userPk(userId), sk: minutesSk(month) });
  return {
    async used(userId: string, month: string): Promise<number> {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, month), ProjectionExpression: 'minutos' }));
      return Number(out.Item?.minutos ?? 0);
    },
    /**
     * Reserves `minutes` of the month in one conditional ADD: taken only while what was used plus them
     * stays within `limit`, so no number of simultaneous requests can count past the plan. False: refused.
     */
    async reserve(userId: string, month: string, minutes: number, limit: number): Promise<boolean> {
      if (minutes > limit) return false;
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName, Key: key(userId, month), UpdateExpression: 'ADD minutos :m',
            ConditionExpression: 'attribute_not_exists(minutos) OR minutos <= :most', ExpressionAttributeValues: { ':m': minutes, ':most': limit - minutes },
          }),
        ),
      );
    },
    /** Gives reserved minutes back (Polly refused to start): never below zero. */
    async release(userId: string, month: string, minutes: number): Promise<void> {
      await writeIf(
        db.send(new UpdateCommand({ TableName: tableName, Key: key(userId, month), UpdateExpression: 'ADD minutos :back', ConditionExpression: 'minutos >= :m', ExpressionAttributeValues: { ':back': -minutes, ':m': minutes } })),
      );
    },
  };
}
