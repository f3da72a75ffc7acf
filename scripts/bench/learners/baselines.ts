// The baselines every figure of `npm run bench learning` is also given for (issue 41 item 2): raw
// percent right per learner and objective, and an Elo rating per learner and objective against
// item difficulties learnt on the training learners (Pelánek 2016, "Applications of the Elo rating
// system in adaptive educational systems"). A model that does no better than counting adds nothing.

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export interface Predictor {
  /** P(right) of this learner's next answer to `item` on `objective`. */
  predict(learner: string, objective: string, item: string): number;
  /** The estimate that the objective is known (ranks objectives; the mastery AUC). */
  estimate(learner: string, objective: string): number;
  /** Whether it would call the objective mastered. */
  mastered(learner: string, objective: string): boolean;
  observe(learner: string, answers: readonly { objective: string; item: string; correct: boolean }[]): void;
}

/** Laplace-smoothed share right: (right + 1) / (answers + 2). Mastered at ≥ 0.9 over at least 5 answers. */
export function rawPercent(): Predictor {
  const counts = new Map<string, { n: number; ok: number }>();
  const get = (l: string, o: string) => counts.get(`${l}|${o}`) ?? { n: 0, ok: 0 };
  const share = (l: string, o: string) => {
    const c = get(l, o);
    return (c.ok + 1) / (c.n + 2);
  };
  return {
    predict: (l, o) => share(l, o),
    estimate: share,
    mastered: (l, o) => get(l, o).n >= 5 && share(l, o) >= 0.9,
    observe(l, answers) {
      for (const a of answers) {
        const c = get(l, a.objective);
        counts.set(`${l}|${a.objective}`, { n: c.n + 1, ok: c.ok + (a.correct ? 1 : 0) });
      }
    },
  };
}

/**
 * Elo: P = σ(θ − b). θ (learner × objective) moves by K/(1 + 0.05n) (a step that shrinks with the
 * answers seen); b (item) moves the other way while `learning` is on (the training learners), then stays.
 */
export function elo(): Predictor & { learning: boolean } {
  const theta = new Map<string, { t: number; n: number }>();
  const b = new Map<string, { b: number; n: number }>();
  const th = (l: string, o: string) => theta.get(`${l}|${o}`) ?? { t: 0, n: 0 };
  const self = {
    learning: true,
    predict: (l: string, o: string, i: string) => sigmoid(th(l, o).t - (b.get(i)?.b ?? 0)),
    estimate: (l: string, o: string) => sigmoid(th(l, o).t),
    mastered: (l: string, o: string) => th(l, o).n >= 5 && sigmoid(th(l, o).t) >= 0.9,
    observe(l: string, answers: readonly { objective: string; item: string; correct: boolean }[]) {
      // One batch: every prediction from the state before it, as the model sees an attempt.
      const deltas = answers.map((a) => ({ a, d: (a.correct ? 1 : 0) - self.predict(l, a.objective, a.item) }));
      for (const { a, d } of deltas) {
        const t = th(l, a.objective);
        theta.set(`${l}|${a.objective}`, { t: t.t + (1.2 / (1 + 0.05 * t.n)) * d, n: t.n + 1 });
        if (self.learning) {
          const it = b.get(a.item) ?? { b: 0, n: 0 };
          b.set(a.item, { b: it.b - (0.8 / (1 + 0.05 * it.n)) * d, n: it.n + 1 });
        }
      }
    },
  };
  return self;
}
