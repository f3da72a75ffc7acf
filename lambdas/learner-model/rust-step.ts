// The M step for rust (bkt.ts `freshness`) in the EM of fit.ts, pure. A mastered answer at age a days
// is "fresh" with probability w(a) and "rusted" otherwise; the E step gives each answer's expected
// fresh and rusted weight, summed here per age. w(a) = (1 + spread·rust·a)^(−1/spread): rust the rate
// on the day of the evidence, `spread` how fast that rate slows (0: exp(−rust·a), one rate for ever).

/** The largest rust the fit considers, per day (a mastered objective at chance within about two days). */
export const MAX_RUST = 2;
/** The largest power a power-law freshness is fitted with: (1 + a/τ)^−β with β above it is the exponential's business. */
const MAX_POWER = 40;
/** The smallest: below it (a spread above 20) the rate would all but stop after the first hours. */
const MIN_POWER = 0.05;
/**
 * The scales τ (days) of the power law (1 + a/τ)^−β the M step tries, then refines around the best:
 * from a rate that slows within hours to one that barely slows in three months (beyond it, the
 * exponential, which the step always tries too).
 */
const SCALES = [0.1, 0.2, 0.35, 0.6, 1, 1.6, 2.5, 4, 6.5, 10, 16, 25, 40, 65, 100];

/** Expected fresh and rusted weight of the mastered state's answers, per age in days. */
export type RustSums = Map<number, { fresh: number; rusted: number }>;
export const rustSums = (): RustSums => new Map();

/**
 * The sums at an age (to the twentieth of a day), added to in place; none at age 0, which says nothing
 * of rust. The E step finds it once per batch (its answers share the age) and adds each answer to it.
 */
export function rustSlot(sums: RustSums, age: number): { fresh: number; rusted: number } | undefined {
  if (!(age > 0)) return undefined;
  const key = Math.round(age * 20) / 20 || 0.05;
  let sum = sums.get(key);
  if (!sum) sums.set(key, (sum = { fresh: 0, rusted: 0 }));
  return sum;
}

/** Adds one answer's weights at its age. */
export function addRust(sums: RustSums, age: number, fresh: number, rusted: number): void {
  const sum = rustSlot(sums, age);
  if (!sum) return;
  sum.fresh += fresh;
  sum.rusted += rusted;
}

type Term = { load: number; fresh: number; rusted: number };

/**
 * The β that maximises Σ fresh·log w + rusted·log(1 − w), w = exp(−β·load), each term's `load` fixed
 * (the age itself for the exponential; log(1 + age/τ) for the power law at scale τ). Its derivative
 * in β is decreasing (the function is concave), so bisection on it finds the one maximum in [0, max].
 */
function power(terms: readonly Term[], max: number, min = 0): number {
  const slope = (b: number) => {
    let d = 0;
    for (const t of terms) {
      const e = Math.exp(-b * t.load);
      d += -t.fresh * t.load + (t.rusted * t.load * e) / Math.max(1e-12, 1 - e);
    }
    return d;
  };
  if (slope(Math.max(min, 1e-6)) <= 0) return min;
  if (slope(max) >= 0) return max;
  let lo = Math.max(min, 1e-6), hi = max;
  for (let i = 0; i < 44; i++) {
    const mid = (lo + hi) / 2;
    if (slope(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Σ fresh·log w + rusted·log(1 − w) at w = exp(−β·load): what the step maximises. */
const objective = (terms: readonly Term[], b: number) =>
  terms.reduce((q, t) => {
    const w = Math.exp(-b * t.load);
    return q + (t.fresh ? t.fresh * Math.log(Math.max(1e-300, w)) : 0) + (t.rusted ? t.rusted * Math.log(Math.max(1e-300, 1 - w)) : 0);
  }, 0);

export interface Rust {
  /** Per day, on the day of the evidence. */
  rust: number;
  /** How fast that rate slows with age: the rate at age a is rust / (1 + spread·rust·a). 0: it never slows. */
  spread: number;
}

/**
 * The rust and spread that maximise Σ fresh·log w + rusted·log(1 − w) over the sums. The exponential
 * (spread 0) has one parameter, found exactly; the power law (1 + a/τ)^−β is exact in β for each
 * scale τ, and τ is searched on SCALES, then by golden section between the best one's neighbours.
 * With `slowing` false only the exponential is tried (the fit before the power law).
 */
export function rustStep(sums: RustSums, slowing = true): Rust {
  const ages = [...sums].map(([days, t]) => ({ days, ...t }));
  if (!ages.some((t) => t.rusted > 1e-9)) return { rust: 0, spread: 0 };
  const flat = ages.map((t) => ({ load: t.days, fresh: t.fresh, rusted: t.rusted }));
  const rate = power(flat, MAX_RUST);
  let best = { q: objective(flat, rate), rust: rate, spread: 0 };
  if (!slowing || rate === 0) return { rust: best.rust, spread: best.spread };
  const at = (tau: number) => {
    const terms = ages.map((t) => ({ load: Math.log1p(t.days / tau), fresh: t.fresh, rusted: t.rusted }));
    const b = power(terms, MAX_POWER, MIN_POWER);
    return { q: b > 0 ? objective(terms, b) : -Infinity, rust: b / tau, spread: b > 0 ? 1 / b : 0, tau };
  };
  const tried = SCALES.map(at);
  const top = tried.reduce((a, b) => (b.q > a.q ? b : a));
  // Golden section on log τ between the best scale's neighbours (the profile is smooth there).
  const i = tried.indexOf(top);
  let lo = Math.log(SCALES[Math.max(0, i - 1)]), hi = Math.log(SCALES[Math.min(SCALES.length - 1, i + 1)]);
  let fine = top;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let n = 0; n < 12 && hi - lo > 1e-3; n++) {
    const x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    const [a, b] = [at(Math.exp(x1)), at(Math.exp(x2))];
    if (a.q > fine.q) fine = a;
    if (b.q > fine.q) fine = b;
    if (a.q >= b.q) hi = x2;
    else lo = x1;
  }
  if (fine.q > best.q && fine.rust <= MAX_RUST) best = fine;
  return { rust: best.rust, spread: best.spread };
}
