import { BKT_DEFAULTS, learnerModel, predictRight, type BktParams } from '../../../lambdas/learner-model';
import type { MasteryItem, MasteryStore } from '../../../lambdas/learner-model/mastery-store';
import { fitBkt, fitClasses, fitStability, itemDifficulty, sequencesOf, type LogLine } from '../../../lambdas/learner-model/fit';

// The learner model as the bench drives it: the real `learnerModel` on an in-memory store, its clock
// moved by the simulated days. Before the held-out learners, it is fitted on the training learners'
// answers as `npm run fit:learner-model` fits the product's (EM), and each item's difficulty is the
// share right on first sight among them (what item statistics give it where a bank is shared).

export interface LoggedAnswer {
  learner: string;
  objective: string;
  item: string;
  day: number;
  correct: boolean;
  source: 'evaluacion' | 'repaso' | 'practica';
  /** Per test-wise rule, its hit on the item (what grading computes from the bank question: chance.ts). */
  reglas?: readonly number[];
}

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T09:00:00Z');
const dateOf = (day: number) => new Date(START + day * DAY_MS);
export const logLines = (answers: readonly LoggedAnswer[]): LogLine[] =>
  answers.map((a) => ({ learner: a.learner, item: a.item, objective: a.objective, at: dateOf(a.day).toISOString(), correct: a.correct, source: a.source, counted: true, reglas: a.reglas }));

/**
 * The learner model's store for the bench: in memory, like `memoryMasteryStore`, without its deep
 * copies. Those copies (a structuredClone of the item and its 400-answer log on every read and
 * write) were a quarter of the bench's CPU and most of its garbage. They guard a stored item against
 * a caller that mutates what it reads; the learner model does not (`applyEvidence` builds the next
 * item, `views` and `predictRight` only read), so sharing gives the same figures bit for bit
 * (test/unit/learner-model/bench-seeded.test.ts runs both stores). A read without the log is a
 * shallow copy without `registro`, as the product's projection.
 */
export function sharedMasteryStore(): MasteryStore {
  const items = new Map<string, MasteryItem>();
  const key = (u: string, c: string) => `${u}|${c}`;
  const estimates = ({ registro: _log, ...rest }: MasteryItem): MasteryItem => rest;
  return {
    get(u, c, log = false) {
      const item = items.get(key(u, c));
      return Promise.resolve(item && (log ? item : estimates(item)));
    },
    list: (u) => Promise.resolve([...items.entries()].filter(([k]) => k.startsWith(`${u}|`)).map(([, v]) => estimates(v))),
    put(u, next, version) {
      if (items.get(key(u, next.courseId))?.version !== version) return Promise.resolve(false);
      items.set(key(u, next.courseId), next);
      return Promise.resolve(true);
    },
  };
}

/** `store`: the learner model's store (default the bench's `sharedMasteryStore`; the test passes `memoryMasteryStore` to compare). */
export function modelUnderTest(store: MasteryStore = sharedMasteryStore()) {
  let today = 0;
  let params: BktParams = BKT_DEFAULTS;
  let difficulty = new Map<string, number>();
  let model = learnerModel(store, { now: () => dateOf(today), params });
  return {
    /** Fits the parameters and the item difficulties on the training learners' answers. */
    prepare(train: readonly LoggedAnswer[]) {
      const lines = logLines(train);
      const items = itemDifficulty(lines);
      const { pInit, pLearn, pStudy, pGuess, pSlip, rust, rustSpread, refresh, restudy, relearn, priorAge } = fitBkt(sequencesOf(lines));
      const fitted = { ...BKT_DEFAULTS, pInit, pLearn, pStudy: pStudy ?? pLearn, pGuess, pSlip, rust, rustSpread, refresh, restudy, relearn, priorAge, meanRight: items.meanRight };
      const decay = { ...fitted, ...fitStability(lines, fitted) };
      params = { ...decay, ...fitClasses(lines, decay, items.byItem) };
      difficulty = items.byItem;
      model = learnerModel(store, { now: () => dateOf(today), params });
      return params;
    },
    async predict(learner: string, day: number, items: readonly Omit<LoggedAnswer, 'learner' | 'day' | 'correct'>[]) {
      today = day;
      const item = await model.states(learner, 'c1');
      return items.map((a) => predictRight(item, a.objective, { source: a.source, itemId: a.item, dificultad: difficulty.get(a.item), reglas: a.reglas }, dateOf(day), params));
    },
    async estimates(learner: string, day: number) {
      today = day;
      const byKey = await model.readMastery(learner, 'c1');
      return new Map(Object.values(byKey).map((o) => [o.objectiveKey, { p: o.p, dominado: o.nivel === 'dominado' }]));
    },
    /** Records a batch; answers the model's P(known) of its objectives after it (what the result's states read). */
    async record(learner: string, day: number, answers: readonly Omit<LoggedAnswer, 'learner' | 'day'>[]) {
      today = day;
      return model.recordEvidence(learner, 'c1', answers.map((a) => ({ objectiveKey: a.objective, correct: a.correct, source: a.source, itemId: a.item, dificultad: difficulty.get(a.item), reglas: a.reglas })));
    },
  };
}
