import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { deleteKeys } from '../shared/table-deletes';
import { queryAll } from '../shared/table-query';
import { writeIf } from '../shared/table-writes';

// Everything a learner owns lives in their partition (USER#<sub>), so reading it all (export) and
// deleting it all (account deletion) is one paged Query, whatever item kinds later issues add
// there. The only items of theirs elsewhere are the other side of each connection
// (USER#<other> / CONN#<me>), deleted by key. docs/data-model.md ("Account deletion and export").

/** Written first by an account deletion and removed last: a repeated DELETE finishes the job. */
export const DELETING_SK = 'DELETING';

export type Key = { pk: string; sk: string };
export type StoredItem = Key & Record<string, unknown>;

export interface DeletionMarker {
  /** sha256 of the account's email (trimmed, lower case): the confirmation is checked against it once PROFILE is gone. */
  emailHash: string;
  startedAt: string;
}

export interface PartitionStore {
  /** Every item of the learner's partition, in sort-key order. */
  items(userId: string): Promise<StoredItem[]>;
  /** The keys of another partition's items under a prefix (the courses I sent a connection, issue 34). */
  keysUnder?(userId: string, prefix: string): Promise<Key[]>;
  /** Deletes by key, 25 per call, asking again for what DynamoDB left unprocessed. */
  deleteKeys(keys: Key[]): Promise<void>;
  marker(userId: string): Promise<DeletionMarker | undefined>;
  /** Writes the marker unless one exists (a resumed deletion keeps its first start). */
  startDeletion(userId: string, marker: DeletionMarker): Promise<void>;
  endDeletion(userId: string): Promise<void>;
}

export function dynamoPartitionStore(db: DynamoDBDocumentClient, TableName: string, pause = (ms: number) => new Promise((r) => setTimeout(r, ms))): PartitionStore {
  const markerKey = (userId: string) => ({ pk: userPk(userId), sk: DELETING_SK });
  return {
    async items(userId) {
      return queryAll<StoredItem>(db, { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': userPk(userId) }, ConsistentRead: true });
    },

    async keysUnder(userId, prefix) {
      return queryAll<Key>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
      });
    },

    deleteKeys: (keys) => deleteKeys(db, TableName, keys, pause),

    async marker(userId) {
      const out = await db.send(new GetCommand({ TableName, Key: markerKey(userId), ConsistentRead: true }));
      return out.Item && { emailHash: String(out.Item.emailHash), startedAt: String(out.Item.startedAt) };
    },

    async startDeletion(userId, marker) {
      await writeIf(db.send(new PutCommand({ TableName, Item: { ...markerKey(userId), ...marker }, ConditionExpression: 'attribute_not_exists(pk)' })));
    },

    async endDeletion(userId) {
      await db.send(new DeleteCommand({ TableName, Key: markerKey(userId) }));
    },
  };
}
