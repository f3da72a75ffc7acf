import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { writeIf } from '../shared/table-writes';
import type { EvidenceSource } from './bkt';

// One item per learner and course, in the learner's own partition (docs/data-model.md "The learner
// model"): USER#<sub> / MASTERY#<courseId>, every objective's estimate in one map. A batch of
// answers is one read and one conditional write (the item's `version`): two batches at once never
// lose each other, the second retries on the first's result.

export const MASTERY_PREFIX = 'MASTERY#';
export const masteryKey = (userId: string, courseId: string) => ({ pk: userPk(userId), sk: `${MASTERY_PREFIX}${courseId}` });

/** One objective's estimate: P(L), the answers seen, those right, when, and the last source. */
export interface ObjectiveState {
  p: number;
  n: number;
  aciertos: number;
  at: string;
  fuente: EvidenceSource;
}
export interface MasteryItem {
  courseId: string;
  /** objectiveKey (`m01.o2`) → its state. */
  objetivos: Record<string, ObjectiveState>;
  version: number;
  updatedAt: string;
}

export interface MasteryStore {
  get(userId: string, courseId: string): Promise<MasteryItem | undefined>;
  /** Every course's item of the learner (the dashboard's next step): one Query. */
  list(userId: string): Promise<MasteryItem[]>;
  /** Writes `next` unless the item moved past `version` meanwhile; answers whether it was written. */
  put(userId: string, next: MasteryItem, version: number | undefined): Promise<boolean>;
}

export function dynamoMasteryStore(db: DynamoDBDocumentClient, TableName: string): MasteryStore {
  return {
    async get(userId, courseId) {
      const out = await db.send(new GetCommand({ TableName, Key: masteryKey(userId, courseId), ConsistentRead: true }));
      return out.Item as MasteryItem | undefined;
    },
    async list(userId) {
      return queryAll<MasteryItem>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': MASTERY_PREFIX },
      });
    },
    async put(userId, next, version) {
      return writeIf(
        db.send(
          new PutCommand({
            TableName,
            Item: { ...masteryKey(userId, next.courseId), ...next },
            ConditionExpression: version === undefined ? 'attribute_not_exists(pk)' : 'version = :v',
            ...(version !== undefined && { ExpressionAttributeValues: { ':v': version } }),
          }),
        ),
      );
    },
  };
}

/** In memory, for unit tests and the simulation run in process. */
export function memoryMasteryStore(): MasteryStore {
  const items = new Map<string, MasteryItem>();
  const key = (u: string, c: string) => `${u}|${c}`;
  return {
    get: (u, c) => Promise.resolve(structuredClone(items.get(key(u, c)))),
    list: (u) => Promise.resolve([...items.entries()].filter(([k]) => k.startsWith(`${u}|`)).map(([, v]) => structuredClone(v))),
    put(u, next, version) {
      if (items.get(key(u, next.courseId))?.version !== version) return Promise.resolve(false);
      items.set(key(u, next.courseId), structuredClone(next));
      return Promise.resolve(true);
    },
  };
}
