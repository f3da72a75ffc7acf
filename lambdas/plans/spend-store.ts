import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { cancelledByCondition, conditionFailed, writeIf } from '../shared/table-writes';

/**
 * The learner's model spend per calendar month: one item per learner and month at
 * (USER#sub, USAGE#gastoIA#<yyyy-mm>), in the learner's own partition (no hot key: each learner's
 * calls write only their own item). `microUsd` is whole millionths of a dollar so the atomic ADD
 * of every call's cost stays exact; `llamadas` counts the calls.
 *
 * `microUsd` is what the month has committed: what was spent plus what running work still holds.
 * A reservation is one attribute of the same item, `reserva#<id>`, holding what is left of its
 * estimate: reserving ADDs the estimate to `microUsd` under a condition (one UpdateItem, so any
 * number of simultaneous requests can never commit past the ceiling); each call of the work draws
 * its cost from the hold (only what exceeds it is added); settling removes the attribute and gives
 * back what is left. A reservation never settled holds until the month's item is no longer read
 * (the 1st of next month).
 */
export interface SpendStore {
  /**
   * Adds one call's cost (ADD, so parallel calls never lose one), only while the learner's account
   * exists and is not being deleted: false when it is not (nothing written).
   */
  add(userId: string, month: string, microUsd: number): Promise<boolean>;
  /** The month's committed spend so far (spent and held), in millionths of a dollar (0 when nothing). */
  spent(userId: string, month: string): Promise<number>;
  /**
   * Holds `microUsd` for work `id` when the month's committed spend stays at most `ceiling` with it:
   * 'held' (also when `id` already holds: a retried request pays once), 'full' when it does not fit.
   */
  reserve(userId: string, month: string, id: string, microUsd: number, ceiling: number): Promise<'held' | 'full'>;
  /** One call of work `id`: drawn from its hold; false when `id` holds nothing in `month` (nothing written: add it instead). */
  draw(userId: string, month: string, id: string, microUsd: number): Promise<boolean>;
  /** Ends the hold of work `id`, giving back what its calls did not use; false when it holds nothing (settled already). */
  settle(userId: string, month: string, id: string): Promise<boolean>;
}

/** The account-deletion marker's sort key (lambdas/users/partition-store.ts DELETING_SK). */
const DELETING = 'DELETING';

const key = (userId: string, month: string) => ({ pk: userPk(userId), sk: `USAGE#gastoIA#${month}` });
const holdName = (id: string) => `reserva#${id}`;
/** Optimistic writes on one item: a few tries are plenty (each loser re-reads and goes again). */
const TRIES = 8;

export function dynamoSpendStore(db: DynamoDBDocumentClient, tableName: string): SpendStore {
  const held = async (userId: string, month: string, id: string) => {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, month), ProjectionExpression: '#r', ExpressionAttributeNames: { '#r': holdName(id) }, ConsistentRead: true }));
    const value: unknown = out.Item?.[holdName(id)];
    return value === undefined ? undefined : Number(value);
  };
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
    async reserve(userId, month, id, microUsd, ceiling) {
      const room = ceiling - microUsd;
      if (room < 0) return 'full';
      // One conditional UpdateItem, no read: the condition is the whole check (DynamoDB cannot add in
      // a condition, so the room left for this estimate is computed here and compared).
      const written = await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId, month),
            UpdateExpression: 'SET #r = :usd ADD microUsd :usd',
            ConditionExpression: '(attribute_not_exists(microUsd) OR microUsd <= :room) AND attribute_not_exists(#r)',
            ExpressionAttributeNames: { '#r': holdName(id) },
            ExpressionAttributeValues: { ':usd': microUsd, ':room': room },
          }),
        ),
      );
      if (written) return 'held';
      return (await held(userId, month, id)) === undefined ? 'full' : 'held';
    },
    async draw(userId, month, id, microUsd) {
      const names = { '#r': holdName(id) };
      // Most calls cost less than what is left: one conditional write, no read.
      const within = await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId, month),
            UpdateExpression: 'SET #r = #r - :usd ADD llamadas :one',
            ConditionExpression: '#r >= :usd',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':usd': microUsd, ':one': 1 },
          }),
        ),
      );
      if (within) return true;
      // The hold is gone or smaller than the call: the rest of the hold is used, the excess added.
      for (let i = 0; i < TRIES; i++) {
        const left = await held(userId, month, id);
        if (left === undefined) return false;
        const done = await writeIf(
          db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: key(userId, month),
              UpdateExpression: 'SET #r = :left ADD microUsd :over, llamadas :one',
              ConditionExpression: '#r = :was',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: { ':left': left - Math.min(left, microUsd), ':over': microUsd - Math.min(left, microUsd), ':one': 1, ':was': left },
            }),
          ),
        );
        if (done) return true;
      }
      // Lost every try to other calls of the same work: the caller adds the call outside the hold
      // (counted twice until the hold is settled, never left out).
      return false;
    },
    async settle(userId, month, id) {
      for (let i = 0; i < TRIES; i++) {
        const left = await held(userId, month, id);
        if (left === undefined) return false;
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: key(userId, month),
              UpdateExpression: 'REMOVE #r ADD microUsd :back',
              ConditionExpression: '#r = :was',
              ExpressionAttributeNames: { '#r': holdName(id) },
              ExpressionAttributeValues: { ':back': -left, ':was': left },
            }),
          );
          return true;
        } catch (error) {
          if (!conditionFailed(error)) throw error;
        }
      }
      throw new Error(`could not settle reservation ${id}: too many concurrent writes`);
    },
  };
}
