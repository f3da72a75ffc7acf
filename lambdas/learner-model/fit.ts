import { ageAfter, ageAt, type BktParams, type EvidenceSource, freshness } from './bkt';
import { classRatios, posteriorOf } from './chance';
import { itemOf, learnerCourse, type LogLine, MULTIPLE_CHOICE, type Step } from './fit-log';
import { rustSlot, rustStep, rustSums } from './rust-step';
import { applyEvidence } from './learner-model';
import type { MasteryItem } from './mastery-store';

// Fitting BKT's parameters from the answer log (issue 41 item 6): expectation–maximisation on the
// hidden mastery state (Baum–Welch, as pyBKT does: Badrinath, Wang & Pardos 2021), one sequence per
// learner and objective in time order, a learning transition only between batches (an attempt, a
// session), as the model applies it. Multiple-choice answers only (open answers and self-checks keep
// their fixed emissions). Pure: the script (scripts/fit-learner-model.ts) reads and writes.

export { itemDifficulty, itemOf, linesOfItem, sequencesOf, type LogLine, type Step } from './fit-log';
export { fitStability } from './fit-stability';

type Hidden = Pick<BktParams, 'pInit' | 'pLearn' | 'pGuess' | 'pSlip'> & Partial<Pick<BktParams, 'pStudy' | 'rust' | 'rustSpread' | 'refresh' | 'restudy' | 'relearn' | 'priorAge'>>;
type Rusting = Hidden & Pick<BktParams, 'rust' | 'rustSpread' | 'refresh' | 'restudy' | 'relearn' | 'priorAge'>;
export type Fitted = Rusting & { iterations: number; logLikelihood: number };

const clamp = (x: number) => Math.min(0.99, Math.max(0.01, x));
/** The E step's arrays, reused by every call (arrays per answer were most of the EM's cost; the arithmetic is the same). */
const workArrays = (n: number) => ({ n, ages: new Float64Array(n), fresh: new Float64Array(n), a0: new Float64Array(n), a1: new Float64Array(n), g0: new Float64Array(n), g1: new Float64Array(n), tr: new Float64Array(n) });
let work = workArrays(64);
/**
 * One E step over every sequence: the expected counts, and the data's log-likelihood under `k`. With
 * rust a mastered answer is "fresh" (right with 1 − slip) or "rusted" (right with the guess): a hidden
 * sub-state, so guess and slip keep their closed-form M step and rust has its own (rust-step.ts).
 */
function expect({ starts, flags, days }: Packed, k: Hidden) {
  const c = { init: 0, seqs: 0, learnt: 0, couldLearn: 0, studyLearnt: 0, couldStudy: 0, guessed: 0, unknown: 0, slipped: 0, known: 0, ll: 0, rust: rustSums() };
  const rust = { rust: k.rust ?? 0, rustSpread: k.rustSpread ?? 0 };
  const renewal = { refresh: k.refresh ?? 1, restudy: k.restudy ?? 1, relearn: k.relearn ?? 1 };
  // The opportunity before a practice batch is the study's (bkt.ts `pStudy`; absent: P(T)).
  const learn = k.pLearn, study = k.pStudy ?? k.pLearn;
  const { pGuess, pSlip } = k;
  for (let q = 0; q + 1 < starts.length; q++) {
    const from = starts[q], n = starts[q + 1] - from;
    if (!n) continue;
    if (n > work.n) work = workArrays(Math.max(n, 2 * work.n));
    // Per answer: its age, its freshness, alpha and gamma of the unknown (0) and known (1) states.
    const { ages, fresh, a0, a1, g0, g1, tr } = work;
    // Each answer's knowledge age as the model keeps it (bkt.ts `ageAfter`), weighed by the forward pass.
    let age = k.priorAge ?? 0;
    let wrong = false;
    let w = 1;
    // Forward, scaled: alpha[t] = P(state_t | o_1..t).
    let p0 = 1 - k.pInit, p1 = k.pInit;
    for (let t = 0; t < n; t++) {
      const f = flags[from + t];
      const correct = (f & RIGHT) !== 0;
      const T = f & BATCH ? (f & PRACTICE ? study : learn) : 0;
      tr[t] = T;
      // The age changes only at a new batch: freshness (a power, most of the E step's cost) once per batch.
      if (f & BATCH) {
        age = ageAt(ageAfter(age, p1, p1 + p0 * T, wrong, renewal) + days[from + t], f & PRACTICE ? 'practica' : undefined, renewal);
        wrong = false;
        w = freshness(age, rust);
      } else if (t === 0) w = freshness(age, rust);
      ages[t] = age;
      if (!correct) wrong = true;
      fresh[t] = w;
      const known = (1 - pSlip) * w + pGuess * (1 - w);
      const j0 = (t === 0 ? p0 : p0 * (1 - T)) * (correct ? pGuess : 1 - pGuess);
      const j1 = (t === 0 ? p1 : p1 + p0 * T) * (correct ? known : 1 - known);
      const z = j0 + j1;
      c.ll += Math.log(z);
      p0 = a0[t] = j0 / z;
      p1 = a1[t] = j1 / z;
    }
    // Backward smoothing: gamma[t] = P(state_t | all), and the expected unknown→known transitions.
    g0[n - 1] = a0[n - 1];
    g1[n - 1] = a1[n - 1];
    for (let t = n - 1; t > 0; t--) {
      const T = tr[t];
      const b0 = a0[t - 1], b1 = a1[t - 1], pred0 = b0 * (1 - T), pred1 = b1 + b0 * T;
      // P(state_{t−1} = i, state_t = j | all) = a_i · A_ij · gamma_j / pred_j.
      const x00 = pred0 ? (b0 * (1 - T) * g0[t]) / pred0 : 0;
      const x01 = pred1 ? (b0 * T * g1[t]) / pred1 : 0;
      const x11 = pred1 ? (b1 * g1[t]) / pred1 : 0;
      const f = flags[from + t];
      if (f & BATCH && f & PRACTICE) {
        c.studyLearnt += x01;
        c.couldStudy += x00 + x01;
      } else if (f & BATCH) {
        c.learnt += x01;
        c.couldLearn += x00 + x01;
      }
      g0[t - 1] = x00 + x01;
      g1[t - 1] = x11;
    }
    c.init += g1[0];
    c.seqs++;
    // The rust sums at each batch's age, found once per batch (the answers of a batch share it).
    let slot: ReturnType<typeof rustSlot>;
    for (let t = 0; t < n; t++) {
      const f = flags[from + t];
      if (t === 0 || f & BATCH) slot = rustSlot(c.rust, ages[t]);
      // Of the mastered state's weight, the part answering fresh (slip) and the part rusted (guess).
      const w = fresh[t];
      const correct = (f & RIGHT) !== 0;
      const freshRight = (1 - pSlip) * w, rustyRight = pGuess * (1 - w);
      const share = w >= 1 ? 1 : correct ? freshRight / (freshRight + rustyRight) : (pSlip * w) / (pSlip * w + (1 - pGuess) * (1 - w));
      const f1 = g1[t] * share, r1 = g1[t] - f1;
      c.unknown += g0[t] + r1;
      c.known += f1;
      if (correct) c.guessed += g0[t] + r1;
      else c.slipped += f1;
      if (slot) {
        slot.fresh += f1;
        slot.rusted += r1;
      }
    }
  }
  return c;
}

const RIGHT = 1, BATCH = 2, PRACTICE = 4;
/** The sequences as the E step reads them: each answer's flags (right, new batch, practice) and days, sequence q at [starts[q], starts[q + 1]). */
interface Packed {
  starts: Int32Array;
  flags: Uint8Array;
  days: Float64Array;
}
/** Packed once per fit (every EM round reads the same steps; objects per step were slow to read). */
function packed(sequences: readonly Step[][]): Packed {
  const total = sequences.reduce((n, s) => n + s.length, 0);
  const p = { starts: new Int32Array(sequences.length + 1), flags: new Uint8Array(total), days: new Float64Array(total) };
  let i = 0;
  sequences.forEach((seq, q) => {
    p.starts[q] = i;
    for (const s of seq) {
      p.flags[i] = (s.correct ? RIGHT : 0) | (s.newBatch ? BATCH : 0) | (s.practice ? PRACTICE : 0);
      p.days[i++] = s.days ?? 0;
    }
  });
  p.starts[sequences.length] = i;
  return p;
}

/** The renewal values the fit compares (bkt.ts `refresh`, `restudy`, `relearn`): all of the knowledge, half of it, none. */
export const RENEWALS = [1, 0.5, 0] as const;
/** The ages (days) of knowledge brought before the first evidence the fit compares (bkt.ts `priorAge`). */
export const PRIOR_AGES = [0, 1, 3, 7] as const;
type Renewal = Pick<BktParams, 'refresh' | 'restudy' | 'relearn' | 'priorAge'>;

/**
 * EM from `start` until the log-likelihood moves less than 1e-6 per answer (at most 200 rounds).
 * Rust and its slowing are fitted where the steps carry the days between batches (`sequencesOf`),
 * from a start above 0 (at exactly 0 no answer is ever "rusted" and EM could not leave it). The
 * knowledge's age depends on `refresh`, `restudy`, `relearn` and `priorAge` (bkt.ts `ageAfter`,
 * `ageAt`), so they are compared by the fit's likelihood, not estimated inside EM: a coordinate
 * search (renewals over RENEWALS, `priorAge` over PRIOR_AGES) from renewals at 1 and age 0, each in
 * turn moved to the value that fits best, until none moves (`relearn` only where the log has practice
 * answers). `rust: false` keeps rust at 0; `slowing: false` keeps the rate from slowing with age
 * (rustSpread 0, the exponential of the fit before the power law).
 */
export function fitBkt(sequences: readonly Step[][], start: Hidden = { pInit: 0.4, pLearn: 0.1, pGuess: 0.2, pSlip: 0.1, rust: 0.05 }, o: { rust?: boolean; slowing?: boolean; renewals?: readonly number[]; priorAges?: readonly number[] } = {}): Fitted {
  const withRust = o.rust !== false && sequences.some((s) => s.some((x) => x.days));
  const steps = packed(sequences);
  if (!withRust) return em(steps, { ...start, rust: 0, rustSpread: 0, refresh: 1, restudy: 1, relearn: 1, priorAge: 0 }, false);
  const grid = o.renewals ?? RENEWALS;
  const slowing = o.slowing !== false;
  const values: Record<keyof Renewal, readonly number[]> = { refresh: grid, restudy: grid, relearn: sequences.some((q) => q.some((x) => x.practice)) ? grid : [], priorAge: o.priorAges ?? PRIOR_AGES };
  const runs = new Map<string, Fitted>();
  // Each candidate's EM starts from the best fit so far (a warm start), not from `start`: a neighbour of
  // the best differs in one renewal or the prior age, so its optimum is near, and EM reaches it in a few
  // rounds instead of up to 200 (the fit was 307 of the bench's 459 s of CPU with cold starts).
  let best: Fitted | undefined;
  const run = (r: Renewal) => {
    const key = `${r.refresh}|${r.restudy}|${r.relearn}|${r.priorAge}`;
    const { pInit, pLearn, pGuess, pSlip, pStudy, rust, rustSpread } = best ?? { ...start, rustSpread: start.rustSpread ?? 0 };
    const from = { pInit, pLearn, pGuess, pSlip, ...(pStudy !== undefined && { pStudy }), rust: rust || start.rust || 0.05, rustSpread: slowing ? rustSpread : 0 };
    return runs.get(key) ?? runs.set(key, em(steps, { ...from, ...r }, true, slowing)).get(key)!;
  };
  const first = grid.includes(1) ? 1 : grid[0];
  best = run({ refresh: first, restudy: first, relearn: first, priorAge: values.priorAge[0] ?? 0 });
  for (let moved = true; moved;) {
    moved = false;
    for (const key of Object.keys(values) as (keyof Renewal)[]) {
      for (const v of values[key]) {
        const next = run({ refresh: best.refresh, restudy: best.restudy, relearn: best.relearn, priorAge: best.priorAge, [key]: v });
        if (next.logLikelihood > best.logLikelihood + 1e-9) {
          best = next;
          moved = true;
        }
      }
    }
  }
  return best;
}

function em(steps: Packed, start: Rusting, withRust: boolean, slowing = true): Fitted {
  const answers = steps.flags.length || 1;
  let k = { ...start };
  let last = -Infinity;
  for (let i = 1; i <= 200; i++) {
    const c = expect(steps, k);
    const r = withRust ? rustStep(c.rust, slowing) : { rust: 0, spread: 0 };
    k = {
      pInit: clamp(c.init / Math.max(c.seqs, 1)),
      pLearn: clamp(c.couldLearn ? c.learnt / c.couldLearn : k.pLearn),
      ...(c.couldStudy && { pStudy: clamp(c.studyLearnt / c.couldStudy) }),
      pGuess: clamp(c.unknown ? c.guessed / c.unknown : k.pGuess),
      pSlip: clamp(c.known ? c.slipped / c.known : k.pSlip),
      rust: r.rust,
      rustSpread: r.spread,
      refresh: k.refresh,
      restudy: k.restudy,
      relearn: k.relearn,
      priorAge: k.priorAge,
    };
    // A guess above 1 − slip would swap the states' meaning: keep "known" the state that answers right.
    if (k.pGuess > 1 - k.pSlip) k = { ...k, pGuess: 1 - k.pSlip - 0.01 };
    if (Math.abs(c.ll - last) / answers < 1e-6) return { ...k, iterations: i, logLikelihood: c.ll };
    last = c.ll;
  }
  return { ...k, iterations: 200, logLikelihood: last };
}

/** Mean log-likelihood per answer of held-out sequences under `k` (the fit's check on learners it did not see). */
export const heldOutLogLoss = (sequences: readonly Step[][], k: Hidden) =>
  -expect(packed(sequences), k).ll / Math.max(1, sequences.reduce((n, s) => n + s.length, 0));

/**
 * The prior shares of learners who answer at chance and by a test-wise rule (chance.ts), by EM on
 * the mixture: each training learner's course is replayed through the model (every objective,
 * batches in time order, item difficulty and rule hits when known) for its log-likelihood ratios,
 * each class against BKT; then each share is the mean posterior membership, iterated to a fixed
 * point (each at most 0.5: the classes are the exception). A log without rule hits (`reglas`: the
 * product's log does not keep them) cannot tell a rule from chance: `pTestWise` stays the base's.
 */
export function fitClasses(lines: readonly LogLine[], base: BktParams, difficulty: ReadonlyMap<string, number> = new Map()): Pick<BktParams, 'pChance' | 'pTestWise'> {
  // The classes are a learner's in one course (chance.ts sums one MASTERY# item's objectives).
  const byLearner = new Map<string, LogLine[]>();
  for (const l of lines) if (MULTIPLE_CHOICE.has(l.source)) byLearner.set(learnerCourse(l), [...(byLearner.get(learnerCourse(l)) ?? []), l]);
  const withHits = lines.some((l) => l.reglas);
  const ratios = [...byLearner.values()].map((ls) => {
    const batches = new Map<string, LogLine[]>();
    for (const l of [...ls].sort((a, b) => a.at.localeCompare(b.at))) batches.set(l.at, [...(batches.get(l.at) ?? []), l]);
    let item: MasteryItem | undefined;
    for (const [at, answers] of batches) {
      const evidence = answers.map((a) => ({ objectiveKey: a.objective, correct: a.correct, source: a.source as EvidenceSource, itemId: a.item || undefined, dificultad: difficulty.get(itemOf(a)), reglas: a.reglas }));
      item = applyEvidence(item, '', evidence, at, base);
    }
    return classRatios(item?.objetivos);
  });
  let k = { pChance: 0.1, pTestWise: withHits ? 0.1 : base.pTestWise };
  for (let i = 0; i < 200 && ratios.length; i++) {
    let chance = 0, rules = 0;
    for (const r of ratios) {
      const c = posteriorOf(r, k);
      chance += c.chance;
      rules += c.rules.reduce((a, b) => a + b, 0);
    }
    const bound = (x: number) => Math.min(0.5, Math.max(1e-4, x / ratios.length));
    const next = { pChance: bound(chance), pTestWise: withHits ? bound(rules) : k.pTestWise };
    const moved = Math.abs(next.pChance - k.pChance) + Math.abs(next.pTestWise - k.pTestWise);
    k = next;
    if (moved < 1e-6) break;
  }
  return k;
}

/** The prior share of learners who answer at chance (`fitClasses`'s `pChance`). */
export const fitChance = (lines: readonly LogLine[], base: BktParams, difficulty?: ReadonlyMap<string, number>): number => fitClasses(lines, base, difficulty).pChance;
