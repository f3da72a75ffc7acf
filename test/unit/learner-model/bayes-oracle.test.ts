import { seededRandom } from '../../../infra/local/bedrock-faults';
import { bayesOracle } from '../../../scripts/bench/learners/bayes-oracle';
import { GENERATORS, simItem, type SimItem } from '../../../scripts/bench/learners/generators';

// The bench's Bayes oracle (issue 41 item 1) checked where the exact answer is known: on `propio`
// (BKT's own assumptions) the posterior predictive is BKT with the generator's true parameters
// (each objective known with P 0.5, slip 0.1, guess 0.25, studying teaches with P 0.6), mixed with
// the 10 % who know nothing and never learn (right 0.25 of the time), weighted by each branch's
// likelihood of the answers. The particle filter must agree with it answer by answer.

const SLIP = 0.1, GUESS = 0.25, GAIN = 0.6, NOTHING = 0.1;

/** The exact posterior predictive under `propio`: a guesser branch and a per-objective BKT branch. */
function exact(objectives: readonly string[]) {
  const known = new Map(objectives.map((x) => [x, 0.5]));
  let logGuesser = Math.log(NOTHING), logLearner = Math.log(1 - NOTHING);
  const pGuesser = () => 1 / (1 + Math.exp(logLearner - logGuesser));
  const bkt = (x: string) => known.get(x)! * (1 - SLIP) + (1 - known.get(x)!) * GUESS;
  return {
    predict: (items: readonly SimItem[]) => items.map((it) => pGuesser() * GUESS + (1 - pGuesser()) * bkt(it.objective)),
    observe(items: readonly SimItem[], correct: readonly boolean[]) {
      items.forEach((it, i) => {
        const p = known.get(it.objective)!;
        const right = bkt(it.objective);
        logGuesser += Math.log(correct[i] ? GUESS : 1 - GUESS);
        logLearner += Math.log(correct[i] ? right : 1 - right);
        const k = correct[i] ? p * (1 - SLIP) : p * SLIP;
        known.set(it.objective, k / (correct[i] ? right : 1 - right));
      });
    },
    study: (x: string) => known.set(x, known.get(x)! + (1 - known.get(x)!) * GAIN),
  };
}

describe('the Bayes oracle', () => {
  it('agrees with BKT on its true parameters under propio, answer by answer', () => {
    const gen = GENERATORS.find((g) => g.name === 'propio')!;
    const random = seededRandom(7);
    const objectives = ['m01.o1', 'm01.o2', 'm01.o3'];
    const items = Array.from({ length: 120 }, (_, i) => simItem(`q${i}`, objectives[i % 3], random));
    let gap = 0, n = 0, worst = 0;
    for (let u = 0; u < 20; u++) {
      const learner = gen.make(objectives, random);
      const oracle = bayesOracle(gen, objectives, seededRandom(1000 + u), 4000);
      const truth = exact(objectives);
      // Three attempts of 9 answers, studying each objective answered wrong at least twice between them.
      for (let attempt = 0; attempt < 3; attempt++) {
        const batch = Array.from({ length: 9 }, () => items[Math.floor(random() * items.length)]);
        const q = oracle.predict(batch), p = truth.predict(batch);
        q.forEach((x, i) => {
          gap += Math.abs(x - p[i]);
          worst = Math.max(worst, Math.abs(x - p[i]));
          n++;
        });
        const correct = batch.map((it) => learner.choose(it, random) === it.key);
        oracle.observe(batch, correct);
        truth.observe(batch, correct);
        for (const x of objectives) {
          if (batch.filter((it, i) => it.objective === x && !correct[i]).length < 2) continue;
          learner.study(x, random);
          oracle.study(x);
          truth.study(x);
        }
      }
    }
    expect(gap / n).toBeLessThan(0.01);
    expect(worst).toBeLessThan(0.06);
  });

  it('is not the latent oracle: a first answer is predicted from the prior alone', () => {
    const gen = GENERATORS.find((g) => g.name === 'propio')!;
    const oracle = bayesOracle(gen, ['m01.o1'], seededRandom(3), 4000);
    const [p] = oracle.predict([simItem('q0', 'm01.o1', seededRandom(4))]);
    // 0.1 · 0.25 + 0.9 · (0.5 · 0.9 + 0.5 · 0.25) = 0.5425, whatever this learner knows.
    expect(p).toBeCloseTo(0.5425, 1);
  });
});
