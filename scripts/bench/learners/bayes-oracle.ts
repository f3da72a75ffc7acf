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
  const weights = new Float64Array(size).fill(1 / size);
  const used = new Uint8Array(size);
  let impossible = 0;
  // Each particle's P(right) of each item of the last batch predicted, item k at [k·size, (k + 1)·size):
  // `observe` reuses them. One buffer for the oracle's life, grown when a batch is longer: this is the
  // bench's hot path (about 2·10⁷ likelihoods a generator), and a typed array per item (its backing
  // store off the heap) or array helpers with closures cost several times the arithmetic in garbage.
  let right = new Float64Array(size * 32);
  let last: readonly SimItem[] | undefined;

  const resample = () => {
    // Systematic: one uniform offset, `size` evenly spaced pointers into the cumulative weights.
    const next = new Array<SimLearner>(size);
    used.fill(0);
    let cum = weights[0], i = 0;
    const u = random() / size;
    for (let j = 0; j < size; j++) {
      const target = u + j / size;
      while (target > cum && i < size - 1) cum += weights[++i];
      // The first copy of a survivor can be the particle itself; further copies are clones.
      next[j] = used[i] ? particles[i].clone() : particles[i];
      used[i] = 1;
    }
    particles = next;
    weights.fill(1 / size);
  };
  /** Each particle's P(right) of `it` into the buffer at item k's place. */
  const column = (it: SimItem, k: number) => {
    for (let i = 0, at = k * size; i < size; i++, at++) right[at] = particles[i].pRight(it);
  };
  const mean = (k: number) => {
    let s = 0;
    for (let i = 0, at = k * size; i < size; i++, at++) s += weights[i] * right[at];
    return s;
  };

  return {
    get impossible() {
      return impossible;
    },
    predict(items) {
      if (items.length * size > right.length) right = new Float64Array(items.length * size);
      items.forEach(column);
      last = items;
      return items.map((_, k) => mean(k));
    },
    observe(items, correct) {
      // A resample replaces the particles: the P(right) computed before it no longer belong to them.
      let cached = last === items;
      if (!cached && items.length * size > right.length) right = new Float64Array(items.length * size);
      items.forEach((it, k) => {
        if (!cached) column(it, k);
        // P(right) turned into the likelihood of the outcome in place (item k's place is not read again).
        const at = k * size;
        if (!correct[k]) for (let i = 0; i < size; i++) right[at + i] = 1 - right[at + i];
        const total = mean(k);
        if (total < FLOOR) {
          impossible++;
          return;
        }
        let squares = 0;
        for (let i = 0; i < size; i++) {
          weights[i] = (weights[i] * right[at + i]) / total;
          squares += weights[i] * weights[i];
        }
        if (1 / squares < size / 2) {
          resample();
          cached = false;
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
