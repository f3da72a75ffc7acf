import { BKT_DEFAULTS, applyEvidence, predictRight } from '../../../lambdas/learner-model';
import { ageAt, freshness, studied, transition } from '../../../lambdas/learner-model/bkt';
import { fitBkt, sequencesOf, type LogLine, type Step } from '../../../lambdas/learner-model/fit';
import { rustStep, rustSums, addRust } from '../../../lambdas/learner-model/rust-step';
import { seededRandom } from '../../../infra/local/bedrock-faults';

// Issue 41, fast-then-slow forgetting (the `desgaste` generator, a power law): one exponential rust
// rate could not follow accuracy that falls fast in the first days and slowly after. Freshness is now
// (1 + spread·rust·days)^(−1/spread), the rate rust/(1 + spread·rust·days) slowing with age; spread 0
// is the exponential. The study before a practice answer (the Refuerzo guiado's explanation) has its
// own chance to learn (`pStudy`) and renews the knowledge's age (`relearn`); knowledge brought before
// the first evidence has an age of its own (`priorAge`). All fitted by the EM; the defaults
// (params.json) behave exactly as before.

describe('the freshness rule', () => {
  it('is 1 at the evidence and without rust, and the exponential at spread 0', () => {
    expect(freshness(0, { rust: 0.2, rustSpread: 2 })).toBe(1);
    expect(freshness(5, { rust: 0, rustSpread: 2 })).toBe(1);
    expect(freshness(5, { rust: 0.2, rustSpread: 0 })).toBeCloseTo(Math.exp(-1), 12);
    expect(freshness(5, { rust: 0.2 })).toBeCloseTo(Math.exp(-1), 12);
  });

  it('is the power law (1 + spread·rust·days)^(−1/spread), tending to the exponential as spread → 0', () => {
    // desgaste's own curve: (1 + days/3)^−0.5 is rust 1/6, spread 2.
    for (const d of [1, 2, 6, 20]) expect(freshness(d, { rust: 1 / 6, rustSpread: 2 })).toBeCloseTo((1 + d / 3) ** -0.5, 12);
    expect(Math.abs(freshness(5, { rust: 0.2, rustSpread: 1e-6 }) - Math.exp(-1))).toBeLessThan(1e-5);
  });

  it('falls fast at first and slower with age, where the exponential falls at one rate', () => {
    const k = { rust: 0.3, rustSpread: 2 };
    const dayRate = (d: number, r: typeof k) => -Math.log(freshness(d + 1, r) / freshness(d, r));
    expect(dayRate(0.001, k)).toBeGreaterThan(2 * dayRate(10, k));
    expect(dayRate(0.001, { ...k, rustSpread: 0 })).toBeCloseTo(dayRate(10, { ...k, rustSpread: 0 }), 9);
    // Same rate on the day: the power law keeps more of old knowledge than the exponential.
    expect(freshness(20, k)).toBeGreaterThan(freshness(20, { ...k, rustSpread: 0 }) + 0.1);
  });

  it('is off at the product defaults (params.json): no rust, no slowing, practice a batch like any other', () => {
    expect(BKT_DEFAULTS.rust).toBe(0);
    expect(BKT_DEFAULTS.rustSpread).toBe(0);
    expect(BKT_DEFAULTS.priorAge).toBe(0);
    expect(BKT_DEFAULTS.pStudy).toBeLessThanOrEqual(BKT_DEFAULTS.pLearn);
    expect(freshness(30)).toBe(1);
    expect(studied(0.4, 'practica', BKT_DEFAULTS)).toBe(0.4);
  });
});

describe('the study before a practice answer', () => {
  const k = { pLearn: 0.1, pStudy: 0.46 };

  it('adds the rest of the study chance to the ordinary transition, and only before a practice batch', () => {
    // The ordinary transition after the attempt, then the rest: together, P(study) from before the attempt's transition.
    expect(studied(transition(0.2, k), 'practica', k)).toBeCloseTo(transition(0.2, { pLearn: k.pStudy }), 12);
    expect(studied(0.2, 'evaluacion', k)).toBe(0.2);
    expect(studied(0.2, 'repaso', k)).toBe(0.2);
  });

  it('renews the knowledge age before a practice answer by `relearn`', () => {
    expect(ageAt(6, 'practica', { relearn: 1 })).toBe(0);
    expect(ageAt(6, 'practica', { relearn: 0.5 })).toBe(3);
    expect(ageAt(6, 'evaluacion', { relearn: 1 })).toBe(6);
  });

  it('moves the model: a practice answer after study raises P(L) more than a review answer would', () => {
    const base = { ...BKT_DEFAULTS, pStudy: 0.5 };
    const at = '2026-03-02T10:00:00.000Z', later = '2026-03-02T16:00:00.000Z';
    const failed = applyEvidence(undefined, 'c1', [0, 1, 2].map((i) => ({ objectiveKey: 'm01.o1', correct: false, source: 'evaluacion' as const, itemId: `m01.q${i}` })), at, base);
    const practice = applyEvidence(failed, 'c1', [{ objectiveKey: 'm01.o1', correct: true, source: 'practica', itemId: 'p1' }], later, base).objetivos['m01.o1'].p;
    const review = applyEvidence(failed, 'c1', [{ objectiveKey: 'm01.o1', correct: true, source: 'repaso', itemId: 'p1' }], later, base).objetivos['m01.o1'].p;
    expect(practice).toBeGreaterThan(review + 0.1);
    const next = (source: 'practica' | 'repaso') => predictRight(failed, 'm01.o1', { source, itemId: 'p2' }, new Date(later), base);
    expect(next('practica')).toBeGreaterThan(next('repaso') + 0.05);
  });
});

// The M step alone: sums made from a known curve give the curve back.
describe('the rust step', () => {
  it('finds the power law a mix of expected weights was drawn from, and the exponential for an exponential', () => {
    const from = (f: (d: number) => number) => {
      const sums = rustSums();
      for (const d of [0.25, 0.5, 1, 2, 3, 5, 8, 13, 21]) addRust(sums, d, 1000 * f(d), 1000 * (1 - f(d)));
      return rustStep(sums);
    };
    const power = from((d) => (1 + d / 3) ** -0.5);
    expect(power.rust).toBeCloseTo(1 / 6, 2);
    expect(power.spread).toBeGreaterThan(1.8);
    expect(power.spread).toBeLessThan(2.2);
    const flat = from((d) => Math.exp(-0.15 * d));
    expect(flat.rust).toBeCloseTo(0.15, 2);
    expect(flat.spread).toBeLessThan(0.05);
    expect(rustStep(rustSums())).toEqual({ rust: 0, spread: 0 });
  });
});

// Recovery (issue 41 item 6): 2000 sequences from known (rust, spread) and the four BKT parameters,
// 5 batches × 3 answers 0.5–16 days apart, every batch renewing the knowledge (refresh 1). The stated
// tolerance: each BKT parameter within 0.03 (as fit.test.ts), rust within 0.05 and spread within 0.6
// (the curve's two parameters trade against each other: within them the fitted curve stays within
// 0.03 of the true one at every age up to 30 days).
describe('fitting slowing rust by EM', () => {
  const TRUTH = { pInit: 0.35, pLearn: 0.2, pGuess: 0.22, pSlip: 0.08, rust: 0.3, rustSpread: 2 };
  function wearing(k: typeof TRUTH, sequences: number, seed: number): Step[][] {
    const random = seededRandom(seed);
    const gaps = [0.5, 1, 2, 4, 8, 16];
    return Array.from({ length: sequences }, () => {
      let known = random() < k.pInit;
      const seq: Step[] = [];
      for (let batch = 0; batch < 5; batch++) {
        const days = batch ? gaps[Math.floor(random() * gaps.length)] : 0;
        if (batch > 0 && !known && random() < k.pLearn) known = true;
        const right = known ? k.pGuess + (1 - k.pSlip - k.pGuess) * freshness(days, k) : k.pGuess;
        for (let i = 0; i < 3; i++) seq.push({ correct: random() < right, newBatch: batch > 0 && i === 0, days });
      }
      return seq;
    });
  }

  it('recovers rust, its spread and the four BKT parameters within the stated tolerance', () => {
    const fitted = fitBkt(wearing(TRUTH, 2000, 41), undefined, { renewals: [1], priorAges: [0] });
    for (const key of ['pInit', 'pLearn', 'pGuess', 'pSlip'] as const) expect(Math.abs(fitted[key] - TRUTH[key])).toBeLessThanOrEqual(0.03);
    expect(Math.abs(fitted.rust - TRUTH.rust)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(fitted.rustSpread - TRUTH.rustSpread)).toBeLessThanOrEqual(0.6);
    for (const d of [0.5, 1, 3, 10, 30]) expect(Math.abs(freshness(d, fitted) - freshness(d, TRUTH))).toBeLessThanOrEqual(0.03);
  });

  it('finds an exponential where the world is one (oxido-like), and fits the old exponential with `slowing: false`', () => {
    const flat = { ...TRUTH, rust: 0.15, rustSpread: 0 };
    const data = wearing(flat, 1500, 43);
    const fitted = fitBkt(data, undefined, { renewals: [1], priorAges: [0] });
    for (const d of [1, 3, 10]) expect(Math.abs(freshness(d, fitted) - freshness(d, flat))).toBeLessThanOrEqual(0.03);
    const old = fitBkt(data, undefined, { renewals: [1], priorAges: [0], slowing: false });
    expect(old.rustSpread).toBe(0);
    expect(fitted.logLikelihood).toBeGreaterThanOrEqual(old.logLikelihood - 1);
  });

  it('fits the study chance before practice answers apart from P(T)', () => {
    const random = seededRandom(44);
    const k = { pInit: 0.3, pLearn: 0.05, pStudy: 0.5, pGuess: 0.2, pSlip: 0.1 };
    const data: Step[][] = Array.from({ length: 3000 }, () => {
      let known = random() < k.pInit;
      const seq: Step[] = [];
      for (let batch = 0; batch < 6; batch++) {
        const practice = batch % 2 === 1;
        if (batch > 0 && !known && random() < (practice ? k.pStudy : k.pLearn)) known = true;
        for (let i = 0; i < 2; i++) seq.push({ correct: random() < (known ? 1 - k.pSlip : k.pGuess), newBatch: batch > 0 && i === 0, ...(practice && { practice: true }) });
      }
      return seq;
    });
    const fitted = fitBkt(data);
    expect(Math.abs(fitted.pLearn - k.pLearn)).toBeLessThanOrEqual(0.03);
    expect(Math.abs((fitted.pStudy ?? 0) - k.pStudy)).toBeLessThanOrEqual(0.04);
  });

  it('marks practice answers in the log as practice steps', () => {
    const line = (at: string, source: string): LogLine => ({ learner: 'u', item: `${source}${at}`, objective: 'm01.o1', at, correct: true, source, counted: true });
    const [seq] = sequencesOf([line('2026-01-01T09:00:00.000Z', 'evaluacion'), line('2026-01-01T15:00:00.000Z', 'practica'), line('2026-01-02T09:00:00.000Z', 'evaluacion')]);
    expect(seq.map((s) => Boolean(s.practice))).toEqual([false, true, false]);
  });
});
