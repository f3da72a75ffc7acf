import { BKT_DEFAULTS, learnerModel, memoryMasteryStore } from '../../../lambdas/learner-model';

// The learner model as the bench drives it: the real `learnerModel` on an in-memory store, its clock
// moved by the simulated days, and its prediction of the next answer.

export interface LoggedAnswer {
  learner: string;
  objective: string;
  item: string;
  day: number;
  correct: boolean;
}

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T09:00:00Z');

export function modelUnderTest() {
  let today = 0;
  const model = learnerModel(memoryMasteryStore(), () => new Date(START + today * DAY_MS));
  return {
    /** Fits what the model reads from the training learners' answers (nothing yet: the defaults). */
    prepare(_train: readonly LoggedAnswer[]) {},
    async predict(learner: string, day: number, items: readonly { objective: string; item: string }[]) {
      today = day;
      const byKey = await model.readMastery(learner, 'c1');
      const k = BKT_DEFAULTS;
      return items.map(({ objective }) => {
        const p = byKey[objective]?.p ?? k.pInit;
        return p * (1 - k.pSlip) + (1 - p) * k.pGuess;
      });
    },
    async estimates(learner: string, day: number) {
      today = day;
      const byKey = await model.readMastery(learner, 'c1');
      return new Map(Object.values(byKey).map((o) => [o.objectiveKey, { p: o.p, dominado: o.nivel === 'dominado' }]));
    },
    async record(learner: string, day: number, answers: readonly { objective: string; item: string; correct: boolean; source: 'evaluacion' | 'repaso' }[]) {
      today = day;
      await model.recordEvidence(learner, 'c1', answers.map((a) => ({ objectiveKey: a.objective, correct: a.correct, source: a.source })));
    },
  };
}
