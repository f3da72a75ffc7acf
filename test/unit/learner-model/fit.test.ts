import { fitBkt, heldOutLogLoss, type Step } from '../../../lambdas/learner-model/fit';
import { seededRandom } from '../../../infra/local/bedrock-faults';

// Issue 41 item 6: the EM fit recovers the parameters it is given data from. 3000 learner-objective
// sequences of 4 batches × 3 answers from known parameters; each fitted parameter within 0.03 of the
// truth (the stated tolerance: about three standard errors at this size).
const TRUTH = { pInit: 0.35, pLearn: 0.2, pGuess: 0.22, pSlip: 0.08 };
const TOLERANCE = 0.03;

function simulate(k: typeof TRUTH, sequences: number, seed: number): Step[][] {
  const random = seededRandom(seed);
  return Array.from({ length: sequences }, () => {
    let known = random() < k.pInit;
    const seq: Step[] = [];
    for (let batch = 0; batch < 4; batch++) {
      if (batch > 0 && !known && random() < k.pLearn) known = true;
      for (let i = 0; i < 3; i++) seq.push({ correct: known ? random() >= k.pSlip : random() < k.pGuess, newBatch: batch > 0 && i === 0 });
    }
    return seq;
  });
}

describe('fitting the learner model by EM', () => {
  it('recovers known parameters from simulated answers within 0.03', () => {
    const fitted = fitBkt(simulate(TRUTH, 3000, 41));
    for (const key of Object.keys(TRUTH) as (keyof typeof TRUTH)[]) expect(Math.abs(fitted[key] - TRUTH[key])).toBeLessThanOrEqual(TOLERANCE);
  });

  it('predicts held-out learners better than the defaults it started from when the world differs from them', () => {
    const world = { pInit: 0.5, pLearn: 0.3, pGuess: 0.4, pSlip: 0.2 };
    const fitted = fitBkt(simulate(world, 2000, 7));
    const heldOut = simulate(world, 1000, 8);
    expect(heldOutLogLoss(heldOut, fitted)).toBeLessThan(heldOutLogLoss(heldOut, { pInit: 0.3, pLearn: 0.1, pGuess: 0.25, pSlip: 0.1 }));
  });
});
