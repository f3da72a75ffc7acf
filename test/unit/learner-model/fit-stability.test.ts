import { BKT_DEFAULTS, type BktParams, type EvidenceSource } from '../../../lambdas/learner-model/bkt';
import { daysSince, pNow } from '../../../lambdas/learner-model/decay';
import { ageAt, paramsFor, pRight } from '../../../lambdas/learner-model/bkt';
import { type LogLine } from '../../../lambdas/learner-model/fit';
import { batchesOf, fitStability, replayLoss } from '../../../lambdas/learner-model/fit-stability';
import { updateObjective } from '../../../lambdas/learner-model/objective-update';
import type { ObjectiveState } from '../../../lambdas/learner-model/mastery-store';
import { seededRandom } from '../../../infra/local/bedrock-faults';

// The stability fit (issue 41, the bench's time): its replay of the model keeps only what the next
// answer's prediction reads of an objective's state (P(L), its time, days with evidence, the age).
// It must be the replay through the model's own `updateObjective` to the last bit, or the fit would
// pick another grid point than the model it fits.

/** The replay as it was: the model's own update, batch by batch, predicting each batch first. */
function referenceLoss(lines: readonly LogLine[], k: BktParams): number {
  const by = new Map<string, LogLine[]>();
  for (const l of lines) by.set(`${l.learner}|${l.objective}`, [...(by.get(`${l.learner}|${l.objective}`) ?? []), l]);
  let loss = 0;
  for (const ls of by.values()) {
    const batches = new Map<string, LogLine[]>();
    for (const l of [...ls].sort((a, b) => a.at.localeCompare(b.at))) batches.set(l.at, [...(batches.get(l.at) ?? []), l]);
    let state: ObjectiveState | undefined;
    for (const [at, answers] of batches) {
      if (state) {
        const p = pNow(state, new Date(at), k);
        const days = ageAt((state.edad ?? 0) + daysSince(state.at, at), answers[0].source as EvidenceSource, k);
        for (const a of answers) {
          const q = Math.min(0.999, Math.max(0.001, pRight(p, paramsFor({ source: a.source as EvidenceSource, days }, k))));
          loss -= Math.log(a.correct ? q : 1 - q);
        }
      }
      state = updateObjective(state, answers[0].objective, answers.map((a) => ({ correct: a.correct, source: a.source as EvidenceSource })), at, k).state;
    }
  }
  return loss;
}

/** A log of `learners` × 3 objectives: batches hours to days apart, some the same day, all three sources. */
function log(learners: number, seed: number): LogLine[] {
  const random = seededRandom(seed);
  const lines: LogLine[] = [];
  const sources = ['evaluacion', 'practica', 'repaso'] as const;
  for (let u = 0; u < learners; u++) {
    for (const objective of ['m01.o1', 'm01.o2', 'm02.o1']) {
      let t = Date.parse('2026-01-05T09:00:00Z');
      const known = random() < 0.5;
      for (let b = 0; b < 2 + Math.floor(random() * 6); b++) {
        t += Math.floor(random() * 4 * 86_400_000 * (random() < 0.3 ? 0.1 : 1));
        const at = new Date(t).toISOString();
        const source = sources[Math.floor(random() * 3)];
        for (let i = 0; i < 1 + Math.floor(random() * 4); i++) lines.push({ learner: `u${u}`, item: '', objective, at, correct: random() < (known ? 0.85 : 0.3), source, counted: true });
      }
    }
  }
  return lines;
}

describe('the stability fit\'s replay', () => {
  const lines = log(60, 7);
  const worlds: [string, Partial<BktParams>][] = [
    ['the defaults', {}],
    ['rust that slows, renewals in part, study and a prior age', { rust: 0.2, rustSpread: 1.5, refresh: 0.5, restudy: 0, relearn: 0.5, pStudy: 0.35, pLearn: 0.1, priorAge: 3 }],
    ['an exponential rust, no renewal', { rust: 0.1, rustSpread: 0, refresh: 0, restudy: 0, relearn: 0, priorAge: 1 }],
  ];
  it.each(worlds)('is the model\'s own update to the last bit (%s), at every grid point', (_, w) => {
    for (const stability of [0.5, 3, 365]) {
      for (const stabilityGrowth of [1, 2]) {
        const k = { ...BKT_DEFAULTS, ...w, stability, stabilityGrowth };
        expect(replayLoss(batchesOf(lines), k)).toBe(referenceLoss(lines, k));
      }
    }
  });

  it('picks the grid point of least loss', () => {
    const k = { ...BKT_DEFAULTS, rust: 0.2, rustSpread: 1.5 };
    const grid = [0.5, 3, 365], growths = [1, 2];
    const losses = grid.flatMap((stability) => growths.map((stabilityGrowth) => ({ stability, stabilityGrowth, loss: referenceLoss(lines, { ...k, stability, stabilityGrowth }) })));
    const least = losses.reduce((a, b) => (b.loss < a.loss ? b : a));
    expect(fitStability(lines, k, grid, growths)).toEqual({ stability: least.stability, stabilityGrowth: least.stabilityGrowth });
  });
});
