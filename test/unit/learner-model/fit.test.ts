import { fitBkt, heldOutLogLoss, itemDifficulty, linesOfItem, sequencesOf, type Step } from '../../../lambdas/learner-model/fit';
import type { LoggedAnswer } from '../../../lambdas/learner-model';
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

// Issue 41 item 6: objective keys (`m01.o1`) and item ids (`m01.q1`) are a course's own. One learner's
// answers in two courses are two sequences, two chance classes and two items, not one mixed.
describe('the fit groups answers by learner and course', () => {
  const at = (d: number) => `2026-01-0${d}T09:00:00.000Z`;
  const registro = (right: 0 | 1): LoggedAnswer[] => [1, 2, 3].map((d) => ['m01.q1', 'm01.o1', at(d), right, 'evaluacion', 1]);
  const lines = [...linesOfItem({ pk: 'USER#ana', sk: 'MASTERY#c1', registro: registro(1) }), ...linesOfItem({ pk: 'USER#ana', sk: 'MASTERY#c2', registro: registro(0) })];

  it('reads each MASTERY# item with its course', () => {
    expect(new Set(lines.map((l) => l.course))).toEqual(new Set(['c1', 'c2']));
    expect(lines.every((l) => l.learner === 'USER#ana')).toBe(true);
  });

  it('makes one sequence per course of the same objective key', () => {
    const seqs = sequencesOf(lines);
    expect(seqs).toHaveLength(2);
    expect(seqs.map((s) => s.map((x) => x.correct))).toEqual(expect.arrayContaining([[true, true, true], [false, false, false]]));
  });

  it('counts an item id of two courses as two items', () => {
    const { byItem } = itemDifficulty(lines, 1);
    expect(byItem.size).toBe(2);
    expect([...byItem.values()].sort()).toEqual([0, 1]);
  });
});

// Gradual forgetting (issue 41, learners whose knowledge rusts day by day): a mastered learner is right
// with guess + (1 − slip − guess)·exp(−rust·days since the last evidence). The EM fits rust with the
// other four (fit.ts: a mastered answer is "fresh" or "rusted", a hidden sub-state). 3000 sequences of 5
// batches × 3 answers, 1–8 days apart; each parameter within 0.03 of the truth, rust within 0.03 too
// (about three standard errors at this size), and the renewal (every batch renews: 1) found.
describe('fitting rust by EM', () => {
  const RUSTY = { ...TRUTH, rust: 0.15 };
  function rusting(k: typeof RUSTY, sequences: number, seed: number): Step[][] {
    const random = seededRandom(seed);
    const gaps = [1, 2, 4, 8];
    return Array.from({ length: sequences }, () => {
      let known = random() < k.pInit;
      const seq: Step[] = [];
      for (let batch = 0; batch < 5; batch++) {
        const days = batch ? gaps[Math.floor(random() * gaps.length)] : 0;
        if (batch > 0 && !known && random() < k.pLearn) known = true;
        const right = known ? k.pGuess + (1 - k.pSlip - k.pGuess) * Math.exp(-k.rust * days) : k.pGuess;
        for (let i = 0; i < 3; i++) seq.push({ correct: random() < right, newBatch: batch > 0 && i === 0, days });
      }
      return seq;
    });
  }

  it('recovers rust and the four BKT parameters within 0.03', () => {
    // Two of the renewals the fit compares (every batch renews the knowledge, none does): the one simulated wins.
    const fitted = fitBkt(rusting(RUSTY, 3000, 41), undefined, { renewals: [1, 0], priorAges: [0] });
    for (const key of Object.keys(RUSTY) as (keyof typeof RUSTY)[]) expect(Math.abs(fitted[key] - RUSTY[key])).toBeLessThanOrEqual(TOLERANCE);
    expect(fitted.refresh).toBe(1);
  });

  it('finds no rust where there is none', () => {
    const fitted = fitBkt(rusting({ ...RUSTY, rust: 0 }, 3000, 43), undefined, { renewals: [1], priorAges: [0] });
    expect(fitted.rust).toBeLessThanOrEqual(0.02);
    expect(Math.abs(fitted.pSlip - TRUTH.pSlip)).toBeLessThanOrEqual(TOLERANCE);
  });

  it('reads the days between batches from the log', () => {
    const at = (d: number) => `2026-01-${String(d).padStart(2, '0')}T09:00:00.000Z`;
    const registro: LoggedAnswer[] = [1, 1, 4, 11].map((d, i) => [`m01.q${i}`, 'm01.o1', at(d), 1, 'evaluacion', 1]);
    const [seq] = sequencesOf(linesOfItem({ pk: 'USER#ana', sk: 'MASTERY#c1', registro }));
    expect(seq.map((s) => s.days)).toEqual([0, 0, 3, 7]);
  });
});
