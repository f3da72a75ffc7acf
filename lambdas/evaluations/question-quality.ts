// When a bank question leaves a learner's future graded draws (issue 20, docs/evaluations.md
// "Reports, statistics and withdrawal"). Pure rules, so the thresholds are tested on their own.

/** Distinct learners whose reports withdraw a question of a bank they do not own (shared courses). */
export const REPORTERS_TO_WITHDRAW = 3;
/** Reports one learner may send in a UTC day, all questions together. */
export const REPORTS_PER_DAY = 20;

/**
 * The rule judges a question only on MIN_ANSWERS_PER_GROUP answers in passed attempts AND as many in
 * failed ones, and withdraws it when its right rate among passes is below the rate among fails by
 * more than MARGIN. Exact binomial arithmetic (test/unit/evaluations/question-quality.test.ts): a
 * question equally easy for both groups (already useless) is withdrawn by chance at most 7.7 % of
 * the time whatever its difficulty, a sound one (passes right more often) less; one that passes
 * answer right 40 % of the time and fails 80 % is withdrawn 89 % of the time at the minimum sample.
 */
export const MIN_ANSWERS_PER_GROUP = 20;
export const MARGIN = 0.2;

/** One question's counters: answered and right, overall and in attempts that passed. */
export interface QuestionCounts {
  n: number;
  ok: number;
  /** Answered / right in attempts that passed (the rest were in attempts that failed). */
  np: number;
  okp: number;
}

/**
 * True when learners who pass miss the question more often than learners who fail: it measures
 * something other than the module (a wrong key, a trick).
 */
export function discriminatesBackwards(c: QuestionCounts): boolean {
  const nf = c.n - c.np;
  const okf = c.ok - c.okp;
  if (c.np < MIN_ANSWERS_PER_GROUP || nf < MIN_ANSWERS_PER_GROUP) return false;
  return okf / nf - c.okp / c.np > MARGIN + 1e-9;
}

/**
 * Whether reports withdraw a question: the bank's own learner's report does at once (it leaves
 * only that learner's future draws); a shared bank's after REPORTERS_TO_WITHDRAW distinct learners.
 */
export const reportsWithdraw = (ownBank: boolean, reporters: number) => ownBank || reporters >= REPORTERS_TO_WITHDRAW;
