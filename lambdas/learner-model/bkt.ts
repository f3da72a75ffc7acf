// Bayesian Knowledge Tracing (Corbett & Anderson, 1995): per learner and objective, the probability
// that the objective is mastered, updated by Bayes' rule after each answer. docs/learning.md says
// why this model and where each parameter comes from. Pure: no I/O.

/** Where a piece of evidence came from: each source has its own chance of a lucky or unlucky answer. */
export const EVIDENCE_SOURCES = ['evaluacion', 'autoevaluacion', 'practica', 'repaso', 'abierta'] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

export interface BktParams {
  /** P(L0): mastered before any evidence. */
  pInit: number;
  /** P(T): learnt between one opportunity and the next. */
  pLearn: number;
  /** P(G): right without mastery. */
  pGuess: number;
  /** P(S): wrong despite mastery. */
  pSlip: number;
}

/**
 * Not fitted yet (no data): values inside the bounds Baker, Corbett & Aleven (2008) give for a
 * non-degenerate model (guess < 0.3, slip < 0.1), with guess at the blind-guess odds of the item.
 */
export const BKT_DEFAULTS: BktParams = { pInit: 0.3, pLearn: 0.1, pGuess: 0.25, pSlip: 0.1 };

/** Emissions per source: a 4-option question is guessed 1 time in 4; an open answer graded by a rubric far less. */
const EMISSIONS: Record<EvidenceSource, Pick<BktParams, 'pGuess' | 'pSlip'>> = {
  evaluacion: { pGuess: 0.25, pSlip: 0.1 },
  practica: { pGuess: 0.25, pSlip: 0.1 },
  repaso: { pGuess: 0.25, pSlip: 0.1 },
  // A self-check the learner rates: generous both ways.
  autoevaluacion: { pGuess: 0.3, pSlip: 0.1 },
  abierta: { pGuess: 0.1, pSlip: 0.1 },
};

export const paramsFor = (source: EvidenceSource, base: BktParams = BKT_DEFAULTS): BktParams => ({ ...base, ...EMISSIONS[source] });

/** Corbett & Anderson's mastery criterion: P(L) ≥ 0.95. */
export const MASTERY = 0.95;

/** P(L | answer): Bayes' rule on one observation. */
export function observe(p: number, correct: boolean, k: BktParams = BKT_DEFAULTS): number {
  const known = correct ? p * (1 - k.pSlip) : p * k.pSlip;
  const unknown = correct ? (1 - p) * k.pGuess : (1 - p) * (1 - k.pGuess);
  return known / (known + unknown);
}

/** The chance to learn between opportunities: applied once per batch, not per answer (nothing is taught mid-attempt). */
export const transition = (p: number, k: BktParams = BKT_DEFAULTS): number => p + (1 - p) * k.pLearn;

/** A batch of answers on one objective, then one learning transition. */
export function updateMastery(p: number, answers: readonly { correct: boolean; source: EvidenceSource }[], base: BktParams = BKT_DEFAULTS): number {
  if (!answers.length) return p;
  const after = answers.reduce((q, a) => observe(q, a.correct, paramsFor(a.source, base)), p);
  return transition(after, base);
}

/** The spread of the estimate: the standard deviation of the binary mastery state, sqrt(p(1 − p)) in [0, 0.5]. */
export const uncertainty = (p: number): number => Math.sqrt(Math.max(0, p * (1 - p)));

export type MasteryLevel = 'sin_datos' | 'por_reforzar' | 'en_progreso' | 'dominado';

/** How the Mapa de dominio colours an objective. */
export function levelOf(p: number, evidence: number): MasteryLevel {
  if (!evidence) return 'sin_datos';
  if (p >= MASTERY) return 'dominado';
  return p >= 0.6 ? 'en_progreso' : 'por_reforzar';
}
