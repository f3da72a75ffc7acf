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

/** One objective's estimate: P(L) at the last evidence, the answers counted, those right, when, and the last source. */
export interface ObjectiveState {
  p: number;
  n: number;
  aciertos: number;
  at: string;
  fuente: EvidenceSource;
  /** Distinct UTC days with counted evidence (absent on items written before issue 41: one). */
  dias?: number;
  /** The last 20 counted outcomes, '1' right, '0' wrong, newest last. */
  recientes?: string;
  /** Per outcome of `recientes`, its item's difficulty shift in logits (bkt.ts `difficultyShift`, 0 unknown): what "dominado"'s bound weighs it by (credible.ts; absent before 2026-11-30: all 0). */
  desniveles?: number[];
  /** Log-likelihood ratio of the counted answers, at chance vs. BKT (chance.ts; absent before: 0). */
  azar?: number;
  /** Per test-wise rule, the log-likelihood ratio of the counted answers, by the rule vs. BKT (chance.ts; absent before: `azar`). */
  reglas?: number[];
  /**
   * The age in days, at `at`, of the knowledge the state believes in, where answers do not fully
   * refresh it (bkt.ts `refresh` < 1): what rust reads (absent: 0, every answer refreshes).
   */
  edad?: number;
  /** Item → the UTC day its answer last counted (the 40 newest): an item counts once a day (docs/learning.md "Independent evidence"). */
  items?: Record<string, string>;
}

/** One graded answer as the fit reads it (issue 41 item 6): [item, objectiveKey, ISO time, 1 right / 0 wrong, source, 1 counted / 0 not]. */
export type LoggedAnswer = [string, string, string, 0 | 1, EvidenceSource, 0 | 1];
export interface MasteryItem {
  courseId: string;
  /** objectiveKey (`m01.o2`) → its state. */
  objetivos: Record<string, ObjectiveState>;
  /** Every graded answer, newest last (the 400 newest): what `npm run fit:learner-model` fits from. */
  registro?: LoggedAnswer[];
  version: number;
  updatedAt: string;
}

export interface MasteryStore {
  /** The item; without its answer log (`registro`) unless `log` (reads need only the estimates). */
  get(userId: string, courseId: string, log?: boolean): Promise<MasteryItem | undefined>;
  /** Every course's item of the learner, without the log (the dashboard's next step): one Query. */
  list(userId: string): Promise<MasteryItem[]>;
  /** Writes `next` unless the item moved past `version` meanwhile; answers whether it was written. */
  put(userId: string, next: MasteryItem, version: number | undefined): Promise<boolean>;
}

/** Everything but the answer log: what a read needs. */
const ESTIMATES = 'courseId, objetivos, version, updatedAt';

export function dynamoMasteryStore(db: DynamoDBDocumentClient, TableName: string): MasteryStore {
  return {
    async get(userId, courseId, log = false) {
      const out = await db.send(new GetCommand({ TableName, Key: masteryKey(userId, courseId), ConsistentRead: true, ...(!log && { ProjectionExpression: ESTIMATES }) }));
      return out.Item as MasteryItem | undefined;
    },
    async list(userId) {
      return queryAll<MasteryItem>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ProjectionExpression: ESTIMATES,
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
    get(u, c, log = false) {
      const item = structuredClone(items.get(key(u, c)));
      if (item && !log) delete item.registro;
      return Promise.resolve(item);
    },
    list: (u) => Promise.resolve([...items.entries()].filter(([k]) => k.startsWith(`${u}|`)).map(([, { registro: _log, ...v }]) => structuredClone(v))),
    put(u, next, version) {
      if (items.get(key(u, next.courseId))?.version !== version) return Promise.resolve(false);
      items.set(key(u, next.courseId), structuredClone(next));
      return Promise.resolve(true);
    },
  };
}
