// "Dominado" calibration with its noise (issue 41): the share of objectives shown "dominado" that
// are truly known, with a 95 % interval, and the share of truly known objectives shown (recall), so
// a figure near the 0.95 threshold can be told from the draw's noise. The bench counts an objective
// at every session's start it is shown, so one learner's objective shown at four sessions counts
// four times, and those four are not independent draws: the interval is Wilson's at Kish's
// effective sample size (the count divided by the design effect of those clusters), not at the count.

/** Wilson's score interval for k successes in n trials (z 1.96: 95 %); n may be fractional (an effective size). */
export function wilson(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (!(n > 0)) return { low: NaN, high: NaN };
  const p = k / n, z2 = z * z;
  const mid = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, mid - half), high: Math.min(1, mid + half) };
}

export interface DominadoFigures {
  /** Objective-sessions shown "dominado", and of them truly known. */
  shown: number;
  known: number;
  /** Distinct learner-objectives ever shown, and of them shown at least once while not known. */
  pairs: number;
  wrongPairs: number;
  /** Kish's design effect of the clustering by learner-objective (≥ 1), and the effective sample size shown / deff. */
  deff: number;
  effective: number;
  /** The 95 % interval of known / shown at the effective size. */
  low: number;
  high: number;
  /** Objective-sessions truly known (objectives with evidence, learners who know something), and of them shown "dominado". */
  truly: number;
  trulyShown: number;
}

/** Tallies the model's "dominado" at every session start, per learner-objective. */
export function dominadoTally() {
  const byPair = new Map<string, { shown: number; known: number }>();
  let truly = 0, trulyShown = 0;
  return {
    /** One objective at one session's start: shown "dominado" or not, truly known or not; `counted` for recall (evidence, a learner who knows something). */
    add(pair: string, shown: boolean, known: boolean, counted: boolean) {
      if (counted && known) {
        truly++;
        if (shown) trulyShown++;
      }
      if (!shown) return;
      const c = byPair.get(pair) ?? byPair.set(pair, { shown: 0, known: 0 }).get(pair)!;
      c.shown++;
      if (known) c.known++;
    },
    figures(): DominadoFigures {
      const cs = [...byPair.values()];
      const shown = cs.reduce((s, c) => s + c.shown, 0), known = cs.reduce((s, c) => s + c.known, 0);
      const p = shown ? known / shown : NaN;
      // The ratio's variance with clusters (linearisation), against the binomial variance at the same count.
      const clustered = cs.length > 1 ? (cs.length / (cs.length - 1)) * cs.reduce((s, c) => s + (c.known - p * c.shown) ** 2, 0) / (shown * shown) : NaN;
      const binomial = (p * (1 - p)) / shown;
      const deff = binomial > 0 && Number.isFinite(clustered) ? Math.max(1, clustered / binomial) : Math.max(1, shown / Math.max(1, cs.length));
      const effective = shown / deff;
      const { low, high } = wilson(p * effective, effective);
      return { shown, known, pairs: cs.length, wrongPairs: cs.filter((c) => c.known < c.shown).length, deff, effective, low, high, truly, trulyShown };
    },
  };
}
