// Bayesian Knowledge Tracing (Corbett & Anderson, 1995): per learner and objective, the probability
// that the objective is mastered, updated by Bayes' rule after each answer, with item-specific guess
// and slip once an item's difficulty is known (KT-IDEM, Pardos & Heffernan 2011). docs/learning.md
// says why this model and where each parameter comes from. Pure: no I/O.
import fitted from './params.json';

/** Where a piece of evidence came from: each source has its own chance of a lucky or unlucky answer. */
export const EVIDENCE_SOURCES = ['evaluacion', 'autoevaluacion', 'practica', 'repaso', 'abierta'] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

export interface BktParams {
  /** P(L0): mastered before any evidence. */
  pInit: number;
  /** P(T): learnt between one opportunity and the next. */
  pLearn: number;
  /**
   * P(learnt) by a practice answer (`practica`), from the opportunity before it: the Refuerzo guiado
   * asks its practice right after explaining the objective, so the chance to learn before it is the
   * study's, not an ordinary batch's. Where it is above P(T), the model applies the rest of it before
   * reading the practice (`studied`); at or below P(T) (the defaults), practice is a batch like any other.
   */
  pStudy: number;
  /** P(G): right without mastery (multiple choice). */
  pGuess: number;
  /** P(S): wrong despite mastery (multiple choice). */
  pSlip: number;
  /** The share of first answers right over all items: the average item an item's difficulty is measured against. */
  meanRight: number;
  /** Memory stability in days after evidence on one day (decay.ts): the time to fall to 90 % retention. */
  stability: number;
  /** What each further day with evidence multiplies stability by. */
  stabilityGrowth: number;
  /** P(chance): a learner answers a course's questions at chance and does not learn from studying (chance.ts). */
  pChance: number;
  /** P(test-wise): a learner answers a course's questions by a test-wise rule, split evenly over the rules (chance.ts). */
  pTestWise: number;
  /**
   * Rust, per day (issue 41, knowledge that fades gradually): P(right | mastered) falls from 1 − slip
   * toward the guess as exp(−rust · days since the objective's last evidence) (`freshness`). 0: no rust.
   */
  rust: number;
  /**
   * How fast rust slows with the knowledge's age (issue 41, fast-then-slow forgetting): the rate at age
   * a days is rust / (1 + rustSpread · rust · a), so freshness is the power law
   * (1 + rustSpread · rust · a)^(−1/rustSpread). The squared coefficient of variation of the rates of
   * a mix of memories, each rusting exponentially at a gamma-distributed rate of mean `rust`. 0: one
   * rate for ever, exp(−rust · a) (the model before). Fitted with rust.
   */
  rustSpread: number;
  /**
   * How much a batch answered all right renews the knowledge rust reads (0–1): 1, retrieval renews
   * it (the rust clock restarts at each evidence); 0, it does not (the clock runs on from when the
   * model believes the objective was learnt, `ageAfter`). Fitted with rust.
   */
  refresh: number;
  /**
   * The same for a batch with a wrong answer: its feedback names the objective and sends the learner
   * back to the lesson (the result, the Refuerzo guiado), which renews what they knew. Fitted with rust.
   */
  restudy: number;
  /**
   * How much the study before a practice answer (`practica`) renews that knowledge, before the answer
   * is read (0–1): the product asks a practice item only in the Refuerzo guiado, right after its
   * explanation of the objective, so a practice answer says the learner has just studied it. Fitted
   * with rust (1 at the defaults: with refresh 1 the age is 0 at every answer anyway).
   */
  relearn: number;
  /**
   * The age (days) of what a learner knows before their first evidence on an objective: knowledge
   * brought to the course was learnt some time before, and has rusted since (0 at the defaults: as
   * fresh as just learnt). Rust reads it at the first answers (`ageAt`'s start). Fitted with rust.
   */
  priorAge: number;
}

/** What the model reads: lambdas/learner-model/params.json, written by `npm run fit:learner-model` (EM on the answer log). */
export const BKT_DEFAULTS: BktParams = { pInit: fitted.pInit, pLearn: fitted.pLearn, pStudy: fitted.pStudy ?? fitted.pLearn, pGuess: fitted.pGuess, pSlip: fitted.pSlip, meanRight: fitted.meanRight, stability: fitted.stability, stabilityGrowth: fitted.stabilityGrowth, pChance: fitted.pChance, pTestWise: fitted.pTestWise, rust: fitted.rust, rustSpread: fitted.rustSpread, refresh: fitted.refresh, restudy: fitted.restudy, relearn: fitted.relearn ?? 1, priorAge: fitted.priorAge ?? 0 };

/**
 * Emissions per source other than multiple choice (which reads the fitted guess and slip): a
 * self-check the learner rates is generous both ways; an open answer graded by a rubric is hard to guess.
 */
const FIXED: Partial<Record<EvidenceSource, { pGuess: number; pSlip: number }>> = {
  autoevaluacion: { pGuess: 0.3, pSlip: 0.1 },
  abierta: { pGuess: 0.1, pSlip: 0.1 },
};

/**
 * An item answered again on a later day (its feedback, or the key after a pass, already read) is
 * right from memory of the item as often as from the objective: guessed at least half the time.
 */
export const REPEAT_GUESS = 0.5;

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export interface Emission {
  source: EvidenceSource;
  /** The item's difficulty index, the share of learners right on first sight (item statistics), when known. */
  dificultad?: number;
  /** Answered before, on an earlier day. */
  repeat?: boolean;
  /** Days since the objective's last evidence (0 or absent: none before, or the same moment). */
  days?: number;
}

/**
 * How fresh a mastered objective still is `days` after its last evidence, 1 at the evidence: the
 * power law (1 + spread · rust · days)^(−1/spread), whose rate (rust on the day) slows as the
 * knowledge ages, or exp(−rust · days) at spread 0 (its limit). A mastered learner answers right with
 * the guess + (1 − slip − guess) · freshness: the part of their accuracy above chance rusts away day
 * by day (a slip that grows with time), where FSRS's retention (decay.ts) forgets the whole objective
 * at once. Fast-then-slow forgetting (a power law, Wixted & Ebbesen 1991) is what one exponential rate
 * could not follow: fitted to the first days it rusts the older knowledge away too soon.
 */
export function freshness(days: number | undefined, k: Pick<BktParams, 'rust'> & Partial<Pick<BktParams, 'rustSpread'>> = BKT_DEFAULTS): number {
  if (!(k.rust > 0) || days === undefined || !(days > 0) || !Number.isFinite(days)) return 1;
  const spread = k.rustSpread ?? 0;
  return spread > 0 ? (1 + spread * k.rust * days) ** (-1 / spread) : Math.exp(-k.rust * days);
}

/**
 * How far an item's share right sits from the average item's, in logits, at most ±2 (0 where its
 * difficulty is unknown, and for a self-rated or open answer, whose emissions are fixed): positive
 * for an easy item. Moves guess and slip here, and weighs the answer in "dominado"'s bound (credible.ts).
 */
export function difficultyShift(e: Pick<Emission, 'source' | 'dificultad'>, base: Pick<BktParams, 'meanRight'> = BKT_DEFAULTS): number {
  if (e.dificultad === undefined || FIXED[e.source] || !Number.isFinite(e.dificultad)) return 0;
  return clamp(logit(clamp(e.dificultad, 0.02, 0.98)) - logit(base.meanRight), -2, 2);
}

/**
 * Guess and slip for one answer. An item's known difficulty moves both on the logit scale by how far
 * its share right sits from the average item's (bounded at ±2 logits): an easy item is guessed more
 * and slipped less, a hard one the other way. Then rust (`freshness`) raises the slip with the days
 * since the objective's last evidence.
 */
export function paramsFor(e: Emission, base: BktParams = BKT_DEFAULTS): BktParams {
  const fixed = FIXED[e.source];
  let pGuess = fixed?.pGuess ?? base.pGuess;
  let pSlip = fixed?.pSlip ?? base.pSlip;
  if (!fixed) {
    const shift = difficultyShift(e, base);
    pGuess = sigmoid(logit(pGuess) + shift);
    pSlip = 1 - sigmoid(logit(1 - pSlip) + shift);
  }
  // Rust: the mastered state's accuracy above the guess fades with the days since the last evidence.
  const f = freshness(e.days, base);
  if (f < 1 && 1 - pSlip > pGuess) pSlip = 1 - (pGuess + (1 - pSlip - pGuess) * f);
  if (e.repeat) pGuess = Math.max(pGuess, REPEAT_GUESS);
  return { ...base, pGuess, pSlip };
}

/** Corbett & Anderson's mastery criterion: P(L) ≥ 0.95. */
export const MASTERY = 0.95;

/** P(L | answer): Bayes' rule on one observation. */
export function observe(p: number, correct: boolean, k: Pick<BktParams, 'pGuess' | 'pSlip'> = BKT_DEFAULTS): number {
  const known = correct ? p * (1 - k.pSlip) : p * k.pSlip;
  const unknown = correct ? (1 - p) * k.pGuess : (1 - p) * (1 - k.pGuess);
  return known / (known + unknown);
}

/** P(right) of the next answer when the objective is mastered with probability p. */
export const pRight = (p: number, k: Pick<BktParams, 'pGuess' | 'pSlip'>): number => p * (1 - k.pSlip) + (1 - p) * k.pGuess;

/** The chance to learn between opportunities: applied once per batch, not per answer (nothing is taught mid-attempt). */
export const transition = (p: number, k: Pick<BktParams, 'pLearn'> = BKT_DEFAULTS): number => p + (1 - p) * k.pLearn;

/**
 * The age of the knowledge after a batch (days, at the batch): of those who know the objective after
 * the batch's learning transition, the share who knew it before keep their age (`age`), renewed by
 * `refresh` (a batch all right) or `restudy` (a batch with a wrong answer); the share who have just
 * learnt it start at 0. The mean of the two.
 */
export function ageAfter(age: number, pBefore: number, pAfter: number, wrong: boolean, k: Pick<BktParams, 'refresh' | 'restudy'>): number {
  const renew = Math.min(1, Math.max(0, wrong ? k.restudy : k.refresh));
  if (!(age > 0) || renew >= 1 || !(pAfter > 0)) return 0;
  return (pBefore / pAfter) * age * (1 - renew);
}

/**
 * The knowledge's age (days) at which a batch from `source` is read, `age` days after it was last
 * renewed: a practice answer follows the Refuerzo guiado's explanation, studied just before, which
 * renews it by `relearn` (bkt.ts `relearn`); any other answer reads it as it is.
 */
export const ageAt = (age: number, source: EvidenceSource | undefined, k: Partial<Pick<BktParams, 'relearn'>>): number =>
  source === 'practica' ? age * (1 - Math.min(1, Math.max(0, k.relearn ?? 1))) : age;

/**
 * P(L) before a practice batch: the learning transition after the previous batch was P(T); the
 * study before a practice (the Refuerzo guiado's explanation) raises the chance to P(study), so the
 * rest, 1 − (1 − P(study)) / (1 − P(T)), applies now. Any other batch: p as it is.
 */
export function studied(p: number, source: EvidenceSource | undefined, k: Pick<BktParams, 'pLearn' | 'pStudy'>): number {
  if (source !== 'practica' || !(k.pStudy > k.pLearn)) return p;
  return transition(p, { pLearn: 1 - (1 - k.pStudy) / (1 - k.pLearn) });
}

/** A batch of answers on one objective, then one learning transition. */
export function updateMastery(p: number, answers: readonly ({ correct: boolean } & Emission)[], base: BktParams = BKT_DEFAULTS): number {
  if (!answers.length) return p;
  const after = answers.reduce((q, a) => observe(q, a.correct, paramsFor(a, base)), p);
  return transition(after, base);
}

/** The spread of the estimate: the standard deviation of the binary mastery state, sqrt(p(1 − p)) in [0, 0.5]. */
export const uncertainty = (p: number): number => Math.sqrt(Math.max(0, p * (1 - p)));

/** `por_repasar`: it was mastered, and time since the last evidence has faded it (decay.ts). */
export type MasteryLevel = 'sin_datos' | 'por_reforzar' | 'en_progreso' | 'dominado' | 'por_repasar';
