import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { BKT_DEFAULTS, type EvidenceSource, levelOf, type MasteryLevel, uncertainty, updateMastery } from './bkt';
import { dynamoMasteryStore, type MasteryItem, type MasteryStore, type ObjectiveState } from './mastery-store';

// The learner model's one door: other rooms record evidence (graded attempts, self-checks, practice,
// review ratings, open answers) and read the estimates. Each call is one read and at most one write
// of the learner's MASTERY#<courseId> item (a conflict re-reads and retries).

/** One answer on one objective. `objectiveKey` is `${moduleId}.${objectiveId}` (contract/objectives.ts). */
export interface Evidence {
  objectiveKey: string;
  correct: boolean;
  source: EvidenceSource;
}

/** One objective's estimate, as every reader gets it. */
export interface ObjectiveMastery {
  objectiveKey: string;
  /** P(mastered), 0–1. */
  p: number;
  /** Standard deviation of the mastery state, sqrt(p(1 − p)). */
  incertidumbre: number;
  evidencias: number;
  aciertos: number;
  nivel: MasteryLevel;
  actualizado?: string;
}

export interface LearnerModel {
  recordEvidence(userId: string, courseId: string, evidence: readonly Evidence[]): Promise<void>;
  /** Every objective with evidence in the course, by objectiveKey (an objective without evidence is absent: see `prior`). */
  readMastery(userId: string, courseId: string): Promise<Record<string, ObjectiveMastery>>;
  /** Every course's estimates (the dashboard's next step), by courseId. */
  readAll(userId: string): Promise<Record<string, Record<string, ObjectiveMastery>>>;
}

const KEY = /^m\d{2}\.o[1-9]$/;
/** Bounds one write (an item far below 400 KB): a batch is one attempt or one session. */
export const MAX_EVIDENCE = 200;
const TRIES = 6;

/** The estimate of an objective nobody has seen the learner answer. */
export const prior = (objectiveKey: string): ObjectiveMastery => ({ objectiveKey, p: BKT_DEFAULTS.pInit, incertidumbre: uncertainty(BKT_DEFAULTS.pInit), evidencias: 0, aciertos: 0, nivel: 'sin_datos' });

const view = (objectiveKey: string, s: ObjectiveState): ObjectiveMastery => ({
  objectiveKey,
  p: s.p,
  incertidumbre: uncertainty(s.p),
  evidencias: s.n,
  aciertos: s.aciertos,
  nivel: levelOf(s.p, s.n),
  actualizado: s.at,
});
const views = (item: MasteryItem | undefined) => Object.fromEntries(Object.entries(item?.objetivos ?? {}).map(([k, s]) => [k, view(k, s)]));

/** The item after a batch (pure): each objective's answers in order, then one learning transition. */
export function applyEvidence(item: MasteryItem | undefined, courseId: string, evidence: readonly Evidence[], at: string): MasteryItem {
  const objetivos = { ...(item?.objetivos ?? {}) };
  const byKey = new Map<string, Evidence[]>();
  for (const e of evidence) if (KEY.test(e.objectiveKey)) byKey.set(e.objectiveKey, [...(byKey.get(e.objectiveKey) ?? []), e]);
  for (const [key, answers] of byKey) {
    const old = objetivos[key];
    objetivos[key] = {
      p: updateMastery(old?.p ?? BKT_DEFAULTS.pInit, answers),
      n: (old?.n ?? 0) + answers.length,
      aciertos: (old?.aciertos ?? 0) + answers.filter((a) => a.correct).length,
      at,
      fuente: answers[answers.length - 1].source,
    };
  }
  return { courseId, objetivos, version: (item?.version ?? 0) + 1, updatedAt: at };
}

export function learnerModel(store: MasteryStore, now: () => Date = () => clock.now()): LearnerModel {
  return {
    async recordEvidence(userId, courseId, evidence) {
      const batch = evidence.filter((e) => KEY.test(e.objectiveKey)).slice(0, MAX_EVIDENCE);
      if (!batch.length) return;
      for (let i = 0; i < TRIES; i++) {
        const item = await store.get(userId, courseId);
        if (await store.put(userId, applyEvidence(item, courseId, batch, now().toISOString()), item?.version)) return;
      }
      throw new Error(`learner model: ${courseId} kept changing under ${TRIES} tries`);
    },
    readMastery: async (userId, courseId) => views(await store.get(userId, courseId)),
    readAll: async (userId) => Object.fromEntries((await store.list(userId)).map((i) => [i.courseId, views(i)])),
  };
}

/** The learner model on the table (every Lambda's TABLE_NAME). */
export const dynamoLearnerModel = (db: DynamoDBDocumentClient, TableName: string, now?: () => Date) => learnerModel(dynamoMasteryStore(db, TableName), now);
