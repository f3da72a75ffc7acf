import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { writeIf } from '../shared/table-writes';

// A course one connection sent another (issue 34): one item in the receiver's partition,
// USER#<to> / CURSOREC#<from>#<courseId>, so "what X sent me" and "what I sent X" are each one Query
// of a prefix and the same course sent twice (or twenty times at once) is the same item.

const SENT = 'CURSOREC#';

export interface SendItem {
  fromId: string;
  /** The sender's course: kept for the server (copies are keyed by it), never answered. */
  courseId: string;
  shareId: string;
  url: string;
  titulo: string;
  topic: string;
  nivel: string;
  enviadoEl: string;
}

/** `same`: already sent with this very link; `updated`: sent before with a link since withdrawn. */
export type SendOutcome = 'created' | 'updated' | 'same';

export interface CourseSendStore {
  put(to: string, item: SendItem): Promise<SendOutcome>;
  /** What `from` sent `to`, in `to`'s partition. */
  between(to: string, from: string): Promise<SendItem[]>;
  /** How many courses each sender sent `to`. */
  countsBySender(to: string): Promise<Map<string, number>>;
}

export function dynamoCourseSendStore(db: DynamoDBDocumentClient, TableName: string): CourseSendStore {
  return {
    async put(to, item) {
      let old: Record<string, unknown> | undefined;
      const written = await writeIf(
        db
          .send(
            new UpdateCommand({
              TableName,
              Key: { pk: userPk(to), sk: `${SENT}${item.fromId}#${item.courseId}` },
              UpdateExpression:
                'SET fromId = :f, courseId = :c, shareId = :s, #u = :u, titulo = :t, topic = :tp, nivel = :n, enviadoEl = if_not_exists(enviadoEl, :at)',
              // A course already sent with its current link is left as it is: one item, one answer.
              ConditionExpression: 'attribute_not_exists(pk) OR shareId <> :s',
              ExpressionAttributeNames: { '#u': 'url' },
              ExpressionAttributeValues: {
                ':f': item.fromId, ':c': item.courseId, ':s': item.shareId, ':u': item.url, ':t': item.titulo, ':tp': item.topic, ':n': item.nivel, ':at': item.enviadoEl,
              },
              ReturnValues: 'ALL_OLD',
            }),
          )
          .then((out) => (old = out.Attributes)),
      );
      if (!written) return 'same';
      return old ? 'updated' : 'created';
    },

    between(to, from) {
      return queryAll<SendItem>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(to), ':p': `${SENT}${from}#` },
        ConsistentRead: true,
      });
    },

    async countsBySender(to) {
      const items = await queryAll<{ fromId: string }>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(to), ':p': SENT },
        ProjectionExpression: 'fromId',
      });
      const counts = new Map<string, number>();
      for (const { fromId } of items) counts.set(fromId, (counts.get(fromId) ?? 0) + 1);
      return counts;
    },
  };
}
