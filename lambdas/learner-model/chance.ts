import { TEST_WISE_RULES } from '../shared/ai/test-wise';
import { BKT_DEFAULTS, type BktParams } from './bkt';

// Learner-level classes beside BKT's per-objective state (issue 41 item 2). Some learners answer a
// course's questions without knowing them, and do not learn from studying:
// - **at chance** (clicking through, or knowing nothing): each answer right with the item's guess.
//   BKT alone cannot tell them apart: each objective starts at P(L0) and after every attempt P(T)
//   raises it again, so it kept predicting a learner who has failed every objective of every module
//   would now improve (`propio`: the model's AUC 0.727 against the Bayes oracle's 0.770);
// - **by a test-wise rule** r (lambdas/shared/ai/test-wise.ts: the longest option, the shortest, the
//   stem echo, the odd one out, the lesson's words): each answer right with the rule's hit on the
//   item (1/k when it points at k options with the key), softened by RULE_FOLLOW; where the item's
//   hits are unknown (practice, review, open answers), at the item's guess, as at chance. An oracle
//   that knows the learner's rule predicts every answer of theirs; BKT predicted 0.18 below it.
// The model is a mixture of these classes and the BKT class (as the latent-class extensions of
// knowledge tracing are): each class's posterior follows from the log-likelihood ratio of the
// learner's counted answers in the course, that class against BKT's predictive P(right) before each
// answer, summed over the course's objectives. Each objective keeps its own sums (`azar`, `reglas`),
// so the posterior costs no extra read; the prior shares `pChance` and `pTestWise` (split evenly over
// the rules) are fitted by EM on the answer log (fit.ts `fitClasses`). Answers a class other than
// BKT explains are not evidence of knowledge: the estimate shown is P(L) times P(BKT class). Pure.

/** How often a test-wise learner follows their rule; otherwise they guess (a rule is a habit, not a law). */
export const RULE_FOLLOW = 0.9;
export const RULES = TEST_WISE_RULES.length;

const clip = (x: number) => Math.min(0.999, Math.max(0.001, x));
const llr = (p: number, q: number, correct: boolean) => (correct ? Math.log(clip(p) / clip(q)) : Math.log(clip(1 - p) / clip(1 - q)));

/** The log-likelihood ratio one answer adds: at chance vs. BKT's predictive P(right) `q`. */
export const chanceEvidence = (q: number, guess: number, correct: boolean): number => llr(guess, q, correct);

/** P(right) of a learner answering by a rule whose hit on the item is `hit` (unknown: the guess). */
export const ruleRight = (hit: number | undefined, guess: number): number => (hit === undefined || !Number.isFinite(hit) ? guess : RULE_FOLLOW * hit + (1 - RULE_FOLLOW) * guess);

/** Per rule, the log-likelihood ratio one answer adds: answering by the rule vs. BKT's `q`. */
export const ruleEvidence = (q: number, guess: number, hits: readonly number[] | undefined, correct: boolean): number[] =>
  TEST_WISE_RULES.map((_, r) => llr(ruleRight(hits?.[r], guess), q, correct));

/** A learner's posterior over the classes in one course. */
export interface Classes {
  chance: number;
  /** Per rule (TEST_WISE_RULES order). */
  rules: number[];
  /** The BKT class: the learner answers from what they know. */
  knowing: number;
}

type Sums = { azar?: number; reglas?: number[] };
/** The classes' prior shares (bkt.ts). */
type Priors = Pick<BktParams, 'pChance'> & Partial<Pick<BktParams, 'pTestWise'>>;
/** The course's summed log-likelihood ratios: chance, then each rule (an objective written before the rule classes: its answers' hits were unknown, so each rule's ratio is chance's). */
export function classRatios(objetivos: Readonly<Record<string, Sums>> | undefined): { chance: number; rules: number[] } {
  let chance = 0;
  const rules = TEST_WISE_RULES.map(() => 0);
  for (const s of Object.values(objetivos ?? {})) {
    chance += s.azar ?? 0;
    for (let r = 0; r < RULES; r++) rules[r] += s.reglas?.[r] ?? s.azar ?? 0;
  }
  return { chance, rules };
}

/** The posterior over the classes, from the summed ratios and the prior shares. */
export function posteriorOf(ratios: { chance: number; rules: number[] }, base: Priors): Classes {
  const pc = Math.max(0, base.pChance), pt = Math.max(0, base.pTestWise ?? 0);
  const logs = [Math.log(Math.max(1e-12, 1 - pc - pt)), pc > 0 ? Math.log(pc) + ratios.chance : -Infinity, ...ratios.rules.map((x) => (pt > 0 ? Math.log(pt / RULES) + x : -Infinity))];
  const top = Math.max(...logs);
  const w = logs.map((x) => Math.exp(Math.max(-700, x - top)));
  const z = w.reduce((a, b) => a + b, 0);
  return { knowing: w[0] / z, chance: w[1] / z, rules: w.slice(2).map((x) => x / z) };
}

/** The learner's posterior over the classes in a course (its MASTERY# item's objectives). */
export const classesOf = (objetivos: Readonly<Record<string, Sums>> | undefined, base: Priors = BKT_DEFAULTS): Classes => posteriorOf(classRatios(objetivos), base);

/** The posterior P(chance) of a learner (the chance class alone). */
export const chanceOf = (objetivos: Readonly<Record<string, Sums>> | undefined, base: Priors = BKT_DEFAULTS): number => classesOf(objetivos, base).chance;

/** P(right) of the next answer: each class's prediction weighted by its posterior. */
export function mixClasses(bkt: number, guess: number, hits: readonly number[] | undefined, c: Classes): number {
  let p = c.knowing * bkt + c.chance * guess;
  for (let r = 0; r < RULES; r++) p += c.rules[r] * ruleRight(hits?.[r], guess);
  return p;
}
