import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { cancelledByCondition, writeIf } from '../shared/table-writes';

/**
 * The learner's model spend per calendar month: one item per learner and month at
 * (USER#sub, USAGE#gastoIA#<yyyy-mm>), in the learner's own partition (no hot key: each learner's
 * calls write only their own item). `microUsd` is whole millionths of a dollar so the atomic ADD
 * of every call's cost stays exact; `llamadas` counts the calls.
 */
export interface SpendStore {
  /**
   * Adds one call's cost (ADD, so parallel calls never lose one), only while the learner's account
   * exists and is not being deleted: false when it is not (nothing written).
   */
  add(userId: string, month: string, microUsd: number): Promise<boolean>;
  /** The month's spend so far, in millionths of a dollar (0 when nothing was spent). */
  spent(userId: string, month: string): Promise<number>;
}

/** The account-deletion marker's sort key (lambdas/users/partition-store.ts DELETING_SK). */
const DELETING = 'DELETING';

const key = (userId: string, month: string) => ({ pk: userPk(userId), sk: `USAGE#gastoIA#${month}` });

export function dynamoSpendStore(db: DynamoDBDocumentClient, tableName: string): SpendStore {
  return {
    // A model call can end after its learner deleted the account (a task already calling the model
    // when the deletion stopped the run): an unconditioned ADD would bring an item back into the erased
    // partition. So the charge is written with the profile present and no deletion under way.
    add(userId, month, microUsd) {
      const pk = userPk(userId);
      return writeIf(
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              { ConditionCheck: { TableName: tableName, Key: { pk, sk: 'PROFILE' }, ConditionExpression: 'attribute_exists(pk)' } },
              { ConditionCheck: { TableName: tableName, Key: { pk, sk: DELETING }, ConditionExpression: 'attribute_not_exists(pk)' } },
              {
                Update: {
                  TableName: tableName,
                  Key: key(userId, month),
                  UpdateExpression: 'ADD microUsd :usd, llamadas :one',
                  ExpressionAttributeValues: { ':usd': microUsd, ':one': 1 },
                },
              },
            ],
          }),
        ),
        cancelledByCondition,
      );
    },
    async spent(userId, month) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, month), ProjectionExpression: 'microUsd' }));
      return Number(out.Item?.microUsd ?? 0);
    },
  };
}
