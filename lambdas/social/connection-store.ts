import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { writeIf } from '../shared/table-writes';

// A connection is two items, one per side, each in its owner's partition: (USER#a, CONN#b) is a's
// view of b. dynalite has no transactions, so every change is a sequence of conditional
// single-item writes ordered so that a crash half-way leaves a state the next call repairs
// (lambdas/social/connections.ts explains the order; docs/data-model.md the keys).

const CONN = 'CONN#';

/** One side's view: a request it sent, a request it received, or a connection. */
export type Side = 'enviada' | 'recibida' | 'conectado';
export interface ConnectionItem {
  otherId: string;
  estado: Side;
  createdAt: string;
  updatedAt: string;
}

export interface ConnectionStore {
  get(owner: string, other: string): Promise<ConnectionItem | undefined>;
  /** Creates a side only if it does not exist yet; false when it already did. */
  create(owner: string, other: string, estado: Side): Promise<boolean>;
  /** Moves an existing side to `conectado` if it is one of `from`; false otherwise. */
  connect(owner: string, other: string, from: Side[]): Promise<boolean>;
  /** Deletes a side (ending a request or a connection is always allowed to its owner's pair). */
  remove(owner: string, other: string): Promise<void>;
  list(owner: string): Promise<ConnectionItem[]>;
  /** Counts one more request sent today; false when the day's limit is already reached. */
  countRequest(owner: string, day: string, limit: number): Promise<boolean>;
}

export function dynamoConnectionStore(db: DynamoDBDocumentClient, TableName: string): ConnectionStore {
  const key = (owner: string, other: string) => ({ pk: userPk(owner), sk: `${CONN}${other}` });
  const now = () => new Date().toISOString();
  return {
    async get(owner, other) {
      const out = await db.send(new GetCommand({ TableName, Key: key(owner, other), ConsistentRead: true }));
      return out.Item as ConnectionItem | undefined;
    },

    create(owner, other, estado) {
      const at = now();
      return writeIf(
        db.send(
          new PutCommand({
            TableName,
            Item: { ...key(owner, other), otherId: other, estado, createdAt: at, updatedAt: at },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },

    connect(owner, other, from) {
      const values = Object.fromEntries(from.map((s, i) => [`:f${i}`, s]));
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: key(owner, other),
            UpdateExpression: 'SET estado = :c, updatedAt = :now',
            ConditionExpression: `estado IN (${Object.keys(values).join(', ')})`,
            ExpressionAttributeValues: { ...values, ':c': 'conectado', ':now': now() },
          }),
        ),
      );
    },

    async remove(owner, other) {
      await db.send(new DeleteCommand({ TableName, Key: key(owner, other) }));
    },

    list(owner) {
      return queryAll<ConnectionItem>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
        ExpressionAttributeValues: { ':pk': userPk(owner), ':c': CONN },
      });
    },

    countRequest(owner, day, limit) {
      // One atomic conditional counter per learner and day; `expiresAt` lets a table TTL drop old days.
      const expires = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86400;
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: { pk: userPk(owner), sk: `SOCIALDAY#${day}` },
            UpdateExpression: 'SET expiresAt = :exp ADD enviadas :one',
            ConditionExpression: 'attribute_not_exists(enviadas) OR enviadas < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': expires },
          }),
        ),
      );
    },
  };
}
