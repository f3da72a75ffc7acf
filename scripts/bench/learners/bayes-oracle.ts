import type { Generator, Random, SimItem, SimLearner } from './generators';

// The Bayes oracle (issue 41 item 1, "the ceiling that noise allows"): the posterior predictive
// P(right) of the next answer under the generator's true process, given exactly the answers the
// model has seen and the events it knows of (the days between sessions, what the learner studied).
// No predictor that sees only the answers can do better on average. The latent oracle
// (`learner.pRight`) knows the hidden state itself, which no answer-reading predictor can: a first
// answer on an objective carries no history, and one right answer does not tell a lucky guess from
// knowledge.
//
// A bootstrap particle filter (Gordon, Salmond & Smith 1993), generic over generators and
// independent of the model: particles are learners drawn from the generator itself with the
// oracle's own random stream, put through the same events, weighted by their likelihood of each
// observed answer, and resampled (systematic resampling, each survivor a `clone()`) when the
// effective sample size falls below half. Predictions for a batch are made before any of its
// answers is observed, as the model makes them.

export interface BayesOracle {
  /** P(right) of each item of the next batch, before the batch. */
  predict(items: readonly SimItem[]): number[];
  /** The batch's outcomes: reweights by each, resampling whenever the effective sample size falls below half. */
  observe(items: readonly SimItem[], correct: readonly boolean[]): void;
  between(): void;
  study(objective: string): void;
  /** Observations no particle could explain (every likelihood 0): ignored, and counted. */
  readonly impossible: number;
}

/** A floor on a particle's likelihood: an answer no particle explains leaves the weights as they were. */
const FLOOR = 1e-12;

export function bayesOracle(gen: Generator, objectives: readonly string[], random: Random, size: number): BayesOracle {
  let particles: SimLearner[] = Array.from({ length: size }, () => gen.make(objectives, random));
  let weights = new Float64Array(size).fill(1 / size);
  let impossible = 0;
  // Each particle's P(right) of each item of the last batch predicted: `observe` reuses them.
  let last: { items: readonly SimItem[]; right: Float64Array[] } | undefined;

  const resample = () => {
    // Systematic: one uniform offset, `size` evenly spaced pointers into the cumulative weights.
    const next: SimLearner[] = [];
    const used = new Uint8Array(size);
    let cum = weights[0], i = 0;
    const u = random() / size;
    for (let j = 0; j < size; j++) {
      const target = u + j / size;
      while (target > cum && i < size - 1) cum += weights[++i];
      // The first copy of a survivor can be the particle itself; further copies are clones.
      next.push(used[i] ? particles[i].clone() : particles[i]);
      used[i] = 1;
    }
    particles = next;
    weights = new Float64Array(size).fill(1 / size);
  };
  const rights = (items: readonly SimItem[]) => items.map((it) => Float64Array.from(particles, (p) => p.pRight(it)));

  return {
    get impossible() {
      return impossible;
    },
    predict(items) {
      last = { items, right: rights(items) };
      return last.right.map((r) => r.reduce((s, x, i) => s + weights[i] * x, 0));
    },
    observe(items, correct) {
      // A resample replaces the particles: the P(right) computed before it no longer belong to them.
      let cached = last?.items === items ? last.right : undefined;
      items.forEach((it, k) => {
        const right = cached?.[k] ?? Float64Array.from(particles, (p) => p.pRight(it));
        let total = 0;
        const like = right.map((r) => (correct[k] ? r : 1 - r));
        for (let i = 0; i < size; i++) total += weights[i] * like[i];
        if (total < FLOOR) {
          impossible++;
          return;
        }
        let squares = 0;
        for (let i = 0; i < size; i++) {
          weights[i] = (weights[i] * like[i]) / total;
          squares += weights[i] * weights[i];
        }
        if (1 / squares < size / 2) {
          resample();
          cached = undefined;
        }
      });
      last = undefined;
    },
    between() {
      for (const p of particles) p.between(random);
    },
    study(objective) {
      for (const p of particles) p.study(objective, random);
    },
  };
}
