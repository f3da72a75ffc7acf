import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { answerIf, writeIf } from '../shared/table-writes';
import type { AllowanceName, PlanName } from './plans';

/** What a quota counts: new courses per month, tutor messages and each daily model allowance per day. */
export type Counter = 'cursos' | 'tutor' | AllowanceName;

/**
 * Usage counters, one item per learner, counter and period at (USER#sub, USAGE#<counter>#<period>).
 * `take` is a single conditional UpdateItem (ADD guarded by `usados < limit`), so any number of
 * parallel requests can never count past the limit: no read-then-write race, no transaction.
 */
export interface UsageStore {
  /** Takes one unit and answers the count including it; undefined when `limit` units were already taken. */
  take(userId: string, counter: Counter, period: string, limit: number): Promise<number | undefined>;
  /** Gives a unit back (the action it paid for failed before doing anything). */
  release(userId: string, counter: Counter, period: string): Promise<void>;
  used(userId: string, counter: Counter, period: string): Promise<number>;
  /** The learner's current plan, as the verified Stripe events left it on their profile. */
  planOf(userId: string): Promise<PlanName>;
}

export function dynamoUsageStore(db: DynamoDBDocumentClient, tableName: string): UsageStore {
  const key = (userId: string, counter: Counter, period: string) => ({ pk: userPk(userId), sk: `USAGE#${counter}#${period}` });
  return {
    async take(userId, counter, period, limit) {
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId, counter, period),
            UpdateExpression: 'ADD usados :one',
            ConditionExpression: 'attribute_not_exists(usados) OR usados < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      );
      return out && Number(out.Attributes?.usados);
    },

    async release(userId, counter, period) {
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId, counter, period),
            UpdateExpression: 'ADD usados :minus',
            ConditionExpression: 'usados > :zero',
            ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          }),
        ),
      );
    },

    async used(userId, counter, period) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, counter, period), ProjectionExpression: 'usados' }));
      return Number(out.Item?.usados ?? 0);
    },

    async planOf(userId) {
      const out = await db.send(
        new GetCommand({ TableName: tableName, Key: { pk: userPk(userId), sk: 'PROFILE' }, ProjectionExpression: '#plan', ExpressionAttributeNames: { '#plan': 'plan' } }),
      );
      return (out.Item?.plan as { nombre?: string } | undefined)?.nombre === 'premium' ? 'premium' : 'gratuito';
    },
  };
}
