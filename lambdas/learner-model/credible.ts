// The accuracy "dominado" promises, made credible by the recent answers (issue 41 items 2 and 4). Pure.
//
// P(L) ≥ 0.95 is BKT's claim under its binary assumption, and a learner right 70–80 % of the time
// reaches it; so "dominado" also needs the last 20 counted answers to put the learner's accuracy on
// the average item at or above MASTERED_ACCURACY with probability CREDIBILITY. Until 2026-11-30 every
// right answer weighed the same, so a run of right answers on easy items read as mastery: under 3PL
// the learners shown "dominado" while not knowing had runs of 20–26 right at a true accuracy of
// 0.7–0.8 on the bank (docs/learning.md "Calibration with its noise"). Now, where an item's
// difficulty is known (item statistics), the bound reads each answer on a logistic (Rasch) scale:
// the learner of accuracy a on the average item is right on item i with σ(logit a + δᵢ), δᵢ the
// item's shift (bkt.ts `difficultyShift`: positive for an easy item). A right answer on an easy item
// then says less, one on a hard item more. With every δ = 0 (no difficulty known) this is exactly the
// earlier rule: a uniform prior on a and a Beta posterior, 18 right in a row.

/** The accuracy on the average item "dominado" promises, and how sure of it the answers must make us. */
export const MASTERED_ACCURACY = 0.85;
export const CREDIBILITY = 0.95;

const GRID = 400;
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));
/** The accuracies the posterior is evaluated at: the midpoints of GRID equal steps of (0, 1), the uniform prior's. */
const ACCURACIES = Array.from({ length: GRID }, (_, i) => (i + 0.5) / GRID);
const LOGITS = ACCURACIES.map(logit);

/**
 * P(accuracy on the average item ≤ x | answers), uniform prior on the accuracy: `outcomes` '1' right
 * and '0' wrong, `shifts` each answer's item shift (absent or 0: an average item).
 */
export function accuracyBelow(outcomes: string, shifts: readonly number[] | undefined, x = MASTERED_ACCURACY): number {
  const logs = LOGITS.map((t) => {
    let l = 0;
    for (let i = 0; i < outcomes.length; i++) {
      const p = sigmoid(t + (shifts?.[i] ?? 0));
      l += Math.log(outcomes[i] === '1' ? p : 1 - p);
    }
    return l;
  });
  const top = Math.max(...logs);
  let below = 0, all = 0;
  logs.forEach((l, i) => {
    const w = Math.exp(l - top);
    all += w;
    if (ACCURACIES[i] <= x) below += w;
  });
  return below / all;
}

/**
 * The recent answers make MASTERED_ACCURACY credible at CREDIBILITY. An item written before issue 41
 * (no outcomes kept) is judged by P(L) alone.
 */
export function recentAgree(recientes: string | undefined, shifts?: readonly number[]): boolean {
  if (recientes === undefined) return true;
  return accuracyBelow(recientes, shifts) <= 1 - CREDIBILITY;
}
