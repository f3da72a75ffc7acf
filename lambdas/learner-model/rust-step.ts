// The M step for rust (bkt.ts `freshness`) in the EM of fit.ts, pure. A mastered answer at age a days
// is "fresh" with probability w = exp(−rust·a) and "rusted" otherwise; the E step gives each answer's
// expected fresh and rusted weight, summed here per age.

/** The largest rust the fit considers, per day (a mastered objective at chance within about two days). */
export const MAX_RUST = 2;

/** Expected fresh and rusted weight of the mastered state's answers, per age in days. */
export type RustSums = Map<number, { fresh: number; rusted: number }>;
export const rustSums = (): RustSums => new Map();

/** Adds one answer's weights at its age (to the hundredth of a day; age 0 says nothing of rust). */
export function addRust(sums: RustSums, age: number, fresh: number, rusted: number): void {
  if (!(age > 0)) return;
  const key = Math.round(age * 100) / 100;
  const sum = sums.get(key) ?? { fresh: 0, rusted: 0 };
  // In place (the same sums): the E step adds every answer of every EM round, and an object each was garbage.
  if (!sums.has(key)) sums.set(key, sum);
  sum.fresh += fresh;
  sum.rusted += rusted;
}

/**
 * The rust that maximises Σ fresh·log w + rusted·log(1 − w), w = exp(−rust·age), over the sums. Its
 * derivative in rust is decreasing (the function is concave), so bisection on it finds the one maximum.
 */
export function rustStep(sums: RustSums): number {
  const terms = [...sums].map(([days, t]) => ({ days, ...t }));
  const slope = (r: number) => terms.reduce((d, t) => d - t.fresh * t.days + (t.rusted * t.days * Math.exp(-r * t.days)) / Math.max(1e-12, 1 - Math.exp(-r * t.days)), 0);
  if (!terms.some((t) => t.rusted > 1e-9) || slope(1e-6) <= 0) return 0;
  if (slope(MAX_RUST) >= 0) return MAX_RUST;
  let lo = 1e-6, hi = MAX_RUST;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (slope(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
