import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';

/**
 * The learner's model spend per calendar month: one item per learner and month at
 * (USER#sub, USAGE#gastoIA#<yyyy-mm>), in the learner's own partition (no hot key: each learner's
 * calls write only their own item). `microUsd` is whole millionths of a dollar so the atomic ADD
 * of every call's cost stays exact; `llamadas` counts the calls.
 */
export interface SpendStore {
  /** Adds one call's cost (ADD, so parallel calls never lose one). */
  add(userId: string, month: string, microUsd: number): Promise<void>;
  /** The month's spend so far, in millionths of a dollar (0 when nothing was spent). */
  spent(userId: string, month: string): Promise<number>;
}

const key = (userId: string, month: string) => ({ pk: userPk(userId), sk: `USAGE#gastoIA#${month}` });

export function dynamoSpendStore(db: DynamoDBDocumentClient, tableName: string): SpendStore {
  return {
    async add(userId, month, microUsd) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(userId, month),
          UpdateExpression: 'ADD microUsd :usd, llamadas :one',
          ExpressionAttributeValues: { ':usd': microUsd, ':one': 1 },
        }),
      );
    },
    async spent(userId, month) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, month), ProjectionExpression: 'microUsd' }));
      return Number(out.Item?.microUsd ?? 0);
    },
  };
}
