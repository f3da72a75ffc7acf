// The figures of `npm run bench learning`: ranking (AUC), log-loss, binomial tails and intervals.

/** Area under the ROC curve: the chance a positive's score ranks above a negative's (ties count half). O(n log n). */
export function auc(scores: readonly { p: number; y: boolean }[]): number {
  const sorted = [...scores].sort((a, b) => a.p - b.p);
  let pos = 0, neg = 0, rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].p === sorted[i].p) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k].y) { pos++; rankSum += rank; }
    neg += j - i;
    i = j;
  }
  neg -= pos;
  if (!pos || !neg) return NaN;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Mean negative log-likelihood (nats) of the outcomes, predictions clipped to [0.001, 0.999]. */
export function logLoss(scores: readonly { p: number; y: boolean }[]): number {
  if (!scores.length) return NaN;
  const clip = (p: number) => Math.min(0.999, Math.max(0.001, p));
  return -scores.reduce((s, x) => s + Math.log(x.y ? clip(x.p) : 1 - clip(x.p)), 0) / scores.length;
}

/** P(at least k right of n) when each is right with probability p. */
export function tail(n: number, k: number, p: number): number {
  let sum = 0;
  for (let i = k; i <= n; i++) {
    let c = 1;
    for (let j = 0; j < i; j++) c = (c * (n - j)) / (j + 1);
    sum += c * p ** i * (1 - p) ** (n - i);
  }
  return sum;
}

/** Mean and a 95 % interval half-width (Student t) over a few seeds' results. */
export function meanInterval(xs: readonly number[]): { mean: number; half: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, half: NaN };
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
  const t = [NaN, 12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26][n - 1] ?? 2.0;
  return { mean, half: (t * sd) / Math.sqrt(n) };
}

export const ratio = (a: number, b: number) => (b ? a / b : NaN);

/**
 * A baseline's precision at the model's count (issue 41 item 2: "Te falta" for raw percent right and
 * Elo): name the `k` objectives it estimates lowest, as many as the model named, and take the share
 * truly unknown (`y`). Ties at the cut count at their mean, as a random choice among them would.
 */
export function precisionAtCount(scores: readonly { p: number; y: boolean }[], k: number): number {
  const n = Math.min(k, scores.length);
  if (n <= 0) return NaN;
  const sorted = [...scores].sort((a, b) => a.p - b.p);
  const cut = sorted[n - 1].p;
  let below = 0, belowY = 0, tied = 0, tiedY = 0;
  for (const s of sorted) {
    if (s.p < cut) {
      below++;
      if (s.y) belowY++;
    } else if (s.p === cut) {
      tied++;
      if (s.y) tiedY++;
    }
  }
  return (belowY + ((n - below) * tiedY) / tied) / n;
}
