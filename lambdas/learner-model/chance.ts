import { BKT_DEFAULTS, type BktParams } from './bkt';

// A learner-level class beside BKT's per-objective state (issue 41 item 2): some learners answer a
// course's questions at chance (clicking through, or knowing nothing) and do not learn from studying.
// BKT alone cannot tell them apart: each objective starts at P(L0) and after every attempt P(T)
// raises it again, so it keeps predicting a learner who has failed every objective of every module
// will now improve. The bench measured that this is where its next-answer prediction lost to the
// Bayes oracle under its own assumptions (`propio`: without the learners who know nothing the model's
// AUC was 0.684 against the oracle's 0.666; with them 0.727 against 0.770).
//
// The model is a two-class mixture (a mixture of a BKT class and a chance class, as the latent-class
// extensions of knowledge tracing do): the posterior P(chance) follows from the likelihood ratio of
// the learner's counted answers in the course, at chance (each answer right with the item's guess)
// against BKT (the predictive P(right) before each answer), summed over the course's objectives.
// Each objective keeps its own sum (`azar`), so the ratio costs no extra read; the prior share
// `pChance` is fitted by EM on the answer log (fit.ts `fitChance`). Pure.

const clip = (x: number) => Math.min(0.999, Math.max(0.001, x));

/** The log-likelihood ratio one answer adds: at chance vs. BKT's predictive P(right) `q`. */
export function chanceEvidence(q: number, guess: number, correct: boolean): number {
  return correct ? Math.log(clip(guess) / clip(q)) : Math.log(clip(1 - guess) / clip(1 - q));
}

/** The posterior P(chance) of a learner, from the course's objectives' summed log-likelihood ratios. */
export function chanceOf(objetivos: Readonly<Record<string, { azar?: number }>> | undefined, base: Pick<BktParams, 'pChance'> = BKT_DEFAULTS): number {
  if (!(base.pChance > 0)) return 0;
  let ratio = 0;
  for (const s of Object.values(objetivos ?? {})) ratio += s.azar ?? 0;
  const logOdds = Math.log(base.pChance / (1 - base.pChance)) + ratio;
  return 1 / (1 + Math.exp(-Math.max(-50, Math.min(50, logOdds))));
}

/** P(right) of the next answer: at chance with P(chance), else BKT's. */
export const mixChance = (bkt: number, guess: number, chance: number): number => chance * guess + (1 - chance) * bkt;
