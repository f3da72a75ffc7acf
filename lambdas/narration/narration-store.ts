import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE, userPk } from '../shared/table';
import { writeIf } from '../shared/table-writes';
import type { NarrationDeps, NarrationJob } from './use-cases';

// Narration jobs and the month's minutes in the learner's partition (docs/data-model.md, Narration):
// a job at (USER#sub, NARRATION#<course>#<lesson>#<version>#<voice>), written once by a conditional
// Put (two concurrent first plays: one job, one charge), living as long as its audio in the bucket
// (expiresAt = the bucket's expiry, TABLE.ttlAttribute); the minutes at (USER#sub, USAGE#narracion#<month>),
// ADDed when a job starts. Both are erased with the account, as every item of the partition is.

/** Days the audio and its job are kept after they are made (the audio bucket's lifecycle rule says the same). */
export const NARRATION_KEEP_DAYS = 30;

const jobSk = (prefix: string) => `NARRATION#${prefix.split('/').slice(2, -1).join('#')}`;
export const minutesSk = (month: string) => `USAGE#narracion#${month}`;

export function dynamoNarrationJobs(db: DynamoDBDocumentClient, tableName: string, now: () => Date): NarrationDeps['jobs'] {
  const key = (userId: string, prefix: string) => ({ pk: userPk(userId), sk: jobSk(prefix) });
  const item = (userId: string, job: NarrationJob) => ({
    ...key(userId, job.prefix), ...job, [TABLE.ttlAttribute]: Math.floor(now().getTime() / 1000) + NARRATION_KEEP_DAYS * 86_400,
  });
  const toJob = (i: Record<string, unknown>): NarrationJob => {
    const { prefix, estado, audioTask, marksTask, audioKey, marksKey, caracteres } = i as unknown as NarrationJob;
    return { prefix, estado, audioTask, marksTask, caracteres, ...(audioKey && { audioKey }), ...(marksKey && { marksKey }) };
  };
  return {
    async get(userId, prefix) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, prefix) }));
      // DynamoDB deletes expired items within days, not at once: an expired job is no job (its audio is gone).
      const expired = Number(out.Item?.[TABLE.ttlAttribute] ?? Infinity) * 1000 <= now().getTime();
      return out.Item && !expired ? toJob(out.Item) : undefined;
    },
    async create(userId, job) {
      if (await writeIf(db.send(new PutCommand({ TableName: tableName, Item: item(userId, job), ConditionExpression: 'attribute_not_exists(pk)' })))) return job;
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, job.prefix), ConsistentRead: true }));
      return toJob(out.Item!);
    },
    async update(userId, job) {
      await db.send(new PutCommand({ TableName: tableName, Item: item(userId, job) }));
    },
  };
}

export function dynamoNarrationMinutes(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async used(userId: string, month: string): Promise<number> {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: { pk: userPk(userId), sk: minutesSk(month) }, ProjectionExpression: 'minutos' }));
      return Number(out.Item?.minutos ?? 0);
    },
    async add(userId: string, month: string, minutes: number): Promise<void> {
      await db.send(new UpdateCommand({ TableName: tableName, Key: { pk: userPk(userId), sk: minutesSk(month) }, UpdateExpression: 'ADD minutos :m', ExpressionAttributeValues: { ':m': minutes } }));
    },
  };
}
