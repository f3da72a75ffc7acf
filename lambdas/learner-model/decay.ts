import { default_w, forgetting_curve } from 'ts-fsrs';
import { BKT_DEFAULTS, type BktParams, freshness, MASTERY, type MasteryLevel } from './bkt';
import { recentAgree } from './credible';

// Mastery that lasts (issue 41 item 4): an estimate is a claim about the future, so it fades with
// the time since the last evidence, by the forgetting curve review already schedules with (FSRS,
// ts-fsrs's defaults), and "dominado" needs evidence spread over at least two days. Pure.

const DAY_MS = 86_400_000;
/** FSRS's desired retention: below it an objective once mastered reads "por repasar". */
export const DESIRED_RETENTION = 0.9;
/** Distinct days with evidence that "dominado" needs (two sessions on different days, or one and a spaced review). */
export const MASTERY_DAYS = 2;
/**
 * "Dominado" is a promise about the next session, not only about now (issue 41: "mastery is a claim
 * about the future"): the estimate must still be at MASTERY this many days from now, on the same
 * forgetting curve. Where the fitted memory is short (knowledge that rusts within days) it is never
 * shown only to fail the next morning; where stability has grown with days of evidence it costs
 * little (at the defaults, two days of evidence read the next day: P(L) ≥ 0.98 instead of 0.97).
 */
export const MASTERY_HORIZON_DAYS = 1;
/** Below this (with evidence) an objective is weak: "por reforzar". */
export const WEAK = 0.6;

/**
 * The decay's fitted numbers (params.json): stability after one day of evidence, its growth per
 * further day, and the rust of a mastered objective's answers (bkt.ts `freshness`; absent: none).
 */
export type Memory = Pick<BktParams, 'stability' | 'stabilityGrowth'> & Partial<Pick<BktParams, 'rust' | 'rustSpread'>>;

/** Days from an ISO time to a later time (0 when not later, or unreadable). */
export function daysSince(at: string, now: Date | string): number {
  const t = ((typeof now === 'string' ? Date.parse(now) : now.getTime()) - Date.parse(at)) / DAY_MS;
  return Number.isFinite(t) && t > 0 ? t : 0;
}

/**
 * Memory stability in days (the time to fall to 90 % retention): `stability` after evidence on one
 * day (3 by default, about FSRS's initial stability for a "good" first review), times `stabilityGrowth`
 * for each further day with evidence (3 by default: a successful spaced review multiplies stability
 * by about 3 at FSRS's defaults), at most a year. Both fitted by `npm run fit:learner-model`.
 */
export const stability = (dias: number, m: Memory = BKT_DEFAULTS): number => Math.min(365, m.stability * m.stabilityGrowth ** Math.max(0, dias - 1));

/** What the decay reads of an objective's state. */
export interface Dated {
  p: number;
  n: number;
  /** ISO time of the last evidence. */
  at: string;
  /** Distinct UTC days with counted evidence (an older item without it: one). */
  dias?: number;
  /** The last counted outcomes, '1' right and '0' wrong, newest last. */
  recientes?: string;
  /** Each outcome's item difficulty shift (credible.ts). */
  desniveles?: number[];
  /** The knowledge's age in days at `at`, where answers do not fully refresh it (rust reads it; absent: 0). */
  edad?: number;
}

/** FSRS retrievability now: (1 + factor·t/S)^−decay, 1 at the moment of the last evidence. */
export function retention(s: Pick<Dated, 'at' | 'dias'>, now: Date, m: Memory = BKT_DEFAULTS): number {
  const t = Math.max(0, (now.getTime() - Date.parse(s.at)) / DAY_MS);
  return Number.isFinite(t) ? forgetting_curve(default_w, t, stability(s.dias ?? 1, m)) : 1;
}

/** P(mastered) now: the estimate at the last evidence times the chance it has not been forgotten since. */
export const pNow = (s: Dated, now: Date, m: Memory = BKT_DEFAULTS): number => s.p * retention(s, now, m);

/**
 * What is left now of what the last evidence showed: FSRS retention (the objective forgotten at once)
 * times freshness (its answers rusted toward the guess, bkt.ts). Both 1 at the evidence.
 */
export const kept = (s: Pick<Dated, 'at' | 'dias' | 'edad'>, now: Date, m: Memory = BKT_DEFAULTS): number =>
  retention(s, now, m) * freshness((s.edad ?? 0) + daysSince(s.at, now), { rust: m.rust ?? 0, rustSpread: m.rustSpread ?? 0 });

/**
 * The level the Mapa de dominio shows now. `knowing` is P(the learner answers from what they know)
 * in the course (chance.ts): the estimate shown, and "dominado", are P(L) now times it. The estimate
 * shown is P(L) at the last evidence times what is `kept` of it (retention and rust): an objective
 * answered right long ago and rusted since is not shown as strong as one answered yesterday.
 * "Por repasar": it was mastered and less than DESIRED_RETENTION of it is kept; "dominado" needs it
 * still at MASTERY a day ahead (MASTERY_HORIZON_DAYS), rust included.
 */
export function levelAt(s: Dated | undefined, now: Date, m: Memory = BKT_DEFAULTS, knowing = 1): { p: number; nivel: MasteryLevel } {
  if (!s?.n) return { p: s?.p ?? 0, nivel: 'sin_datos' };
  const r = kept(s, now, m);
  const p = s.p * r * knowing;
  if (s.p * knowing >= MASTERY && r < DESIRED_RETENTION) return { p, nivel: 'por_repasar' };
  const ahead = s.p * kept(s, new Date(now.getTime() + MASTERY_HORIZON_DAYS * DAY_MS), m) * knowing;
  if (ahead >= MASTERY && (s.dias ?? 1) >= MASTERY_DAYS && recentAgree(s.recientes, s.desniveles)) return { p, nivel: 'dominado' };
  return { p, nivel: p >= WEAK ? 'en_progreso' : 'por_reforzar' };
}
