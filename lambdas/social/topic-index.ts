import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { normalizeTopic } from '../contract/topics';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';

// The topic index: one item per (normalised topic, visible learner), stored in the learner's own
// partition (USER#<sub> / TOPIC#<norm>) and projected into gsi1 under TOPIC#<norm>, so "who
// learns this topic" is one Query and no learner can ever write another learner's entry.
// Index items carry no profile fields: cards are read from the public projection, so a change of
// nombre or counts never has to rewrite one item per topic.

const TOPIC = 'TOPIC#';
export const topicGsi = (norm: string) => `${TOPIC}${norm}`;

/** A learner's topics by normalised key, keeping the first label they wrote (interests first). */
export function topicsOf(labels: Iterable<string>): Map<string, string> {
  const topics = new Map<string, string>();
  for (const label of labels) {
    const norm = normalizeTopic(label);
    if (norm && !topics.has(norm)) topics.set(norm, label.trim().replace(/\s+/g, ' '));
  }
  return topics;
}

export interface TopicIndex {
  put(userId: string, norm: string, label: string): Promise<void>;
  remove(userId: string, norm: string): Promise<void>;
  /** The normalised topics under which a learner is indexed now (their own partition, strongly consistent). */
  indexed(userId: string): Promise<Set<string>>;
  /** Learners indexed under a topic, in a stable order, starting after `after`. */
  learners(norm: string, opts: { after?: string; limit: number }): Promise<{ userIds: string[]; more: boolean }>;
  /** Makes the index say exactly `wanted` for a learner, touching only what differs from `current`. */
  reconcile(userId: string, wanted: Map<string, string>, current: Iterable<string>): Promise<void>;
}

export function dynamoTopicIndex(db: DynamoDBDocumentClient, TableName: string): TopicIndex {
  const key = (userId: string, norm: string) => ({ pk: userPk(userId), sk: `${TOPIC}${norm}` });
  const index: TopicIndex = {
    async put(userId, norm, label) {
      await db.send(
        new PutCommand({
          TableName,
          Item: { ...key(userId, norm), gsi1pk: topicGsi(norm), gsi1sk: userPk(userId), userId, tema: label },
        }),
      );
    },

    async remove(userId, norm) {
      await db.send(new DeleteCommand({ TableName, Key: key(userId, norm) }));
    },

    async indexed(userId) {
      const items = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :t)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':t': TOPIC },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
      });
      return new Set(items.map((item) => String(item.sk).slice(TOPIC.length)));
    },

    async learners(norm, { after, limit }) {
      const out = await db.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :t',
          ExpressionAttributeValues: { ':t': topicGsi(norm) },
          ProjectionExpression: 'userId',
          Limit: limit,
          // The cursor is only a learner id: the key is rebuilt here, so a client cannot steer the Query.
          ...(after && { ExclusiveStartKey: { ...key(after, norm), gsi1pk: topicGsi(norm), gsi1sk: userPk(after) } }),
        }),
      );
      return { userIds: (out.Items ?? []).map((i) => String(i.userId)), more: Boolean(out.LastEvaluatedKey) };
    },

    async reconcile(userId, wanted, current) {
      const have = new Set(current);
      await Promise.all([
        ...[...wanted].filter(([norm]) => !have.has(norm)).map(([norm, label]) => index.put(userId, norm, label)),
        ...[...have].filter((norm) => !wanted.has(norm)).map((norm) => index.remove(userId, norm)),
      ]);
    },
  };
  return index;
}
