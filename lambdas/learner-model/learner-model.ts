import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { ageAt, BKT_DEFAULTS, type BktParams, type MasteryLevel, paramsFor, pRight, studied, uncertainty } from './bkt';
import { classesOf, mixClasses } from './chance';
import { daysSince, levelAt, pNow } from './decay';
import { dynamoMasteryStore, type MasteryItem, type MasteryStore, type ObjectiveState } from './mastery-store';
import { type Answer, updateObjective } from './objective-update';

// The learner model's one door: other rooms record evidence (graded attempts, self-checks, practice,
// review ratings, open answers) and read the estimates. Each call is one read and at most one write
// of the learner's MASTERY#<courseId> item (a conflict re-reads and retries); the same write logs
// every graded answer for the fit (issue 41 item 6).

/** One answer on one objective. `objectiveKey` is `${moduleId}.${objectiveId}` (contract/objectives.ts). */
export interface Evidence extends Answer {
  objectiveKey: string;
}

/** One objective's estimate, as every reader gets it. */
export interface ObjectiveMastery {
  objectiveKey: string;
  /** P(mastered) now, 0–1 (faded by the time since the last evidence). */
  p: number;
  /** Standard deviation of the mastery state, sqrt(p(1 − p)). */
  incertidumbre: number;
  evidencias: number;
  aciertos: number;
  nivel: MasteryLevel;
  actualizado?: string;
}

/** Per objective of a batch, P(known) given every counted answer so far (`knownAfter`). */
export type Known = Record<string, number>;

export interface LearnerModel {
  /** Records a batch in the one write it takes; answers what the model now believes of the batch's objectives. */
  recordEvidence(userId: string, courseId: string, evidence: readonly Evidence[]): Promise<Known | void>;
  /** Every objective with evidence in the course, by objectiveKey (an objective without evidence is absent: see `prior`). */
  readMastery(userId: string, courseId: string): Promise<Record<string, ObjectiveMastery>>;
  /** Every course's estimates (the dashboard's next step), by courseId. */
  readAll(userId: string): Promise<Record<string, Record<string, ObjectiveMastery>>>;
}

const KEY = /^m\d{2}\.o[1-9]$/;
/** Bounds one write (an item far below 400 KB): a batch is one attempt or one session. */
export const MAX_EVIDENCE = 200;
/** Answers kept in the item's log, newest last (about 30 KB). */
export const LOG_KEPT = 400;
const TRIES = 6;

/** The estimate of an objective nobody has seen the learner answer. */
export const prior = (objectiveKey: string, base: BktParams = BKT_DEFAULTS): ObjectiveMastery => ({ objectiveKey, p: base.pInit, incertidumbre: uncertainty(base.pInit), evidencias: 0, aciertos: 0, nivel: 'sin_datos' });

/** `knowing`: P(the learner answers the course from what they know), the BKT class's posterior (chance.ts). */
const view = (objectiveKey: string, s: ObjectiveState, now: Date, base: BktParams, knowing: number): ObjectiveMastery => {
  const { p, nivel } = levelAt(s, now, base, knowing);
  return { objectiveKey, p, incertidumbre: uncertainty(p), evidencias: s.n, aciertos: s.aciertos, nivel, actualizado: s.at };
};
/**
 * Every objective's estimate. Answers another class explains (at chance, by a test-wise rule) are not
 * evidence of knowledge: each P(L) is weighed by the course's P(BKT class), and so is "dominado".
 */
function views(item: MasteryItem | undefined, now: Date, base: BktParams = BKT_DEFAULTS) {
  const { knowing } = classesOf(item?.objetivos, base);
  return Object.fromEntries(Object.entries(item?.objetivos ?? {}).map(([k, s]) => [k, view(k, s, now, base, knowing)]));
}

/**
 * P(right) of the learner's next answer to an item of an objective (the bench's next-answer
 * prediction): BKT's on the objective's state, mixed with the other classes' (at chance, by each
 * test-wise rule on the item's `reglas`) by the course's posterior over them (chance.ts). A practice
 * answer is predicted after the study that comes before it (bkt.ts `studied`, `ageAt`).
 */
export function predictRight(item: Pick<MasteryItem, 'objetivos'> | undefined, objectiveKey: string, answer: Omit<Answer, 'correct'>, now: Date, base: BktParams = BKT_DEFAULTS): number {
  const s = item?.objetivos[objectiveKey];
  const p = s ? studied(pNow(s, now, base), answer.source, base) : base.pInit;
  const repeat = Boolean(s && answer.itemId && s.items?.[answer.itemId]);
  const k = paramsFor({ source: answer.source, dificultad: answer.dificultad, repeat, days: s ? ageAt((s.edad ?? 0) + daysSince(s.at, now), answer.source, base) : (base.priorAge ?? 0) }, base);
  return mixClasses(pRight(p, k), k.pGuess, answer.reglas, classesOf(item?.objetivos, base));
}

/** The item after a batch (pure): each objective's answers in order, then one learning transition. */
export function applyEvidence(item: MasteryItem | undefined, courseId: string, evidence: readonly Evidence[], at: string, base: BktParams = BKT_DEFAULTS): MasteryItem {
  const objetivos = { ...(item?.objetivos ?? {}) };
  const byKey = new Map<string, Evidence[]>();
  for (const e of evidence) if (KEY.test(e.objectiveKey)) byKey.set(e.objectiveKey, [...(byKey.get(e.objectiveKey) ?? []), e]);
  const registro = [...(item?.registro ?? [])];
  for (const [key, answers] of byKey) {
    const { state, log } = updateObjective(objetivos[key], key, answers, at, base);
    if (state) objetivos[key] = state;
    registro.push(...log);
  }
  return { courseId, objetivos, registro: registro.slice(-LOG_KEPT), version: (item?.version ?? 0) + 1, updatedAt: at };
}

/**
 * P(known) of each objective of a batch after it (pure): P(L) given every counted answer so far, before
 * the batch's learning transition (what the answers say, not what studying since may add), times the
 * course's P(BKT class) (answers chance or a test-wise rule explains are not evidence of knowledge).
 * What an attempt's result names "Te falta" (evaluations/objective-feedback.ts `settleStates`).
 */
export function knownAfter(item: Pick<MasteryItem, 'objetivos'>, keys: Iterable<string>, base: BktParams = BKT_DEFAULTS): Known {
  const { knowing } = classesOf(item.objetivos, base);
  const out: Known = {};
  for (const k of keys) {
    const s = item.objetivos[k];
    if (s) out[k] = knowing * Math.max(0, (s.p - base.pLearn) / (1 - base.pLearn));
  }
  return out;
}

export interface ModelOptions {
  now?: () => Date;
  /** The parameters (default: the fitted ones in params.json); the bench passes its own fit. */
  params?: BktParams;
}

export function learnerModel(store: MasteryStore, options: ModelOptions | (() => Date) = {}): LearnerModel & { states(userId: string, courseId: string): Promise<MasteryItem | undefined> } {
  const o = typeof options === 'function' ? { now: options } : options;
  const now = o.now ?? (() => clock.now());
  return {
    async recordEvidence(userId, courseId, evidence) {
      const batch = evidence.filter((e) => KEY.test(e.objectiveKey)).slice(0, MAX_EVIDENCE);
      if (!batch.length) return;
      for (let i = 0; i < TRIES; i++) {
        const item = await store.get(userId, courseId, true);
        const next = applyEvidence(item, courseId, batch, now().toISOString(), o.params);
        if (await store.put(userId, next, item?.version)) return knownAfter(next, new Set(batch.map((e) => e.objectiveKey)), o.params);
      }
      throw new Error(`learner model: ${courseId} kept changing under ${TRIES} tries`);
    },
    readMastery: async (userId, courseId) => views(await store.get(userId, courseId), now(), o.params),
    readAll: async (userId) => Object.fromEntries((await store.list(userId)).map((i) => [i.courseId, views(i, now(), o.params)])),
    states: (userId, courseId) => store.get(userId, courseId),
  };
}

/** The learner model on the table (every Lambda's TABLE_NAME). */
export const dynamoLearnerModel = (db: DynamoDBDocumentClient, TableName: string, now?: () => Date) => learnerModel(dynamoMasteryStore(db, TableName), { now });
