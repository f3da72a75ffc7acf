import { COURSE_SHAPE } from '../contract';
import { MATERIAL_TEXT_MAX } from '../contract/material-limits';
import { courseCostUsd } from './course-cost';

// THE definition of Mentora's plans: every limit the server enforces and the SPA shows comes
// from here. Prices are not here: they live in Stripe (Price ids from the payments config).

export type PlanName = 'gratuito' | 'premium';

export interface PlanLimits {
  /** New courses a learner may start per calendar month (UTC). */
  cursosPorMes: number;
  /** Messages to the AI tutor per calendar day (UTC). */
  mensajesTutorPorDia: number;
  /** Whether the plan includes the diplomado (multi-course programme). */
  diplomado: boolean;
  /** Model calls beyond a new course's own, per calendar day (UTC): each one costs tokens. */
  porDia: DailyAllowance;
  /**
   * The largest outline one course unit pays for. A course is written with at most what the
   * learner asked for (POST /courses/plan) and this; a longer outline (the model's, or one edited
   * in review) is trimmed or refused before any lesson is written.
   */
  temario: { modulos: number; leccionesPorModulo: number };
  /**
   * The most the learner's model calls may cost per calendar month (UTC), in USD at the model
   * table's list prices (ai-budget.ts). Past it every model action answers 429 until the 1st; a
   * course already running finishes. Never shown in dollars: the plan page shows what is left.
   */
  presupuestoIAUsdPorMes: number;
  /** "Mis materiales": how many, how large (MaterialAllowance). */
  materiales: MaterialAllowance;
  /** Aulas the learner teaches (issue 25, docs/aulas.md): how many, how large (AulaAllowance). */
  aulas: AulaAllowance;
  /**
   * Minutes of lessons and tutor answers synthesized by Polly per calendar month (UTC) (issue 26,
   * docs/narration.md), counted from the characters sent (NARRATION.caracteresPorMinuto). Cached audio
   * plays again without counting. The characters also cost, as model calls do, in `presupuestoIAUsdPorMes`.
   */
  narracionMinutosPorMes: number;
}

/**
 * Polly's neural voices as narration meters them (docs/narration.md): the list price per million
 * characters (AWS's Polly pricing, neural voices: USD 16) and the characters a Spanish voice reads in a
 * minute (≈ 150 words of ≈ 6 characters with the space), which turns characters into the plan's minutes.
 */
export const NARRATION = { usdPorMillonCaracteres: 16, caracteresPorMinuto: 900 } as const;

/** The cost at list price of synthesizing `characters` with a neural voice. */
export const narrationCostUsd = (characters: number) => (characters * NARRATION.usdPorMillonCaracteres) / 1e6;

/** The minutes (rounded up) `characters` take to read aloud. */
export const narrationMinutes = (characters: number) => Math.ceil(characters / NARRATION.caracteresPorMinuto);

/**
 * A teacher's aulas (issue 25, docs/aulas.md): `maximo` aulas at once, each with at most `miembros`
 * learners and `cursos` assigned courses. The last two bound the teacher's view: it reads at most
 * `miembros` × `cursos` copies. Joining an aula needs no plan: the limits are the teacher's.
 */
export interface AulaAllowance {
  maximo: number;
  miembros: number;
  cursos: number;
}

/**
 * What a learner may keep in "Mis materiales" (issue 24, docs/materials.md). `maximo` materials at
 * once (deleting one frees its place), pasted text up to `caracteres`; files (with the S3 upload)
 * up to `bytes` and `paginas`, enforced by the presigned POST's policy and by the extraction.
 */
export interface MaterialAllowance {
  maximo: number;
  caracteres: number;
  bytes: number;
  paginas: number;
}

/** What a learner may ask the model for again each day; a new course already includes its first versions. */
export interface DailyAllowance {
  /** POST /lesson/generate: a lesson written again (strong model). */
  regeneraciones: number;
  /** POST /evaluacion/generate with `regenerar`: a new question bank for a module. */
  variantesEvaluacion: number;
  /**
   * POST /evaluacion/generate without `regenerar` that needs the model (issue 40): a module's unseen
   * questions ran out (a top-up) or it has no bank. Two attempts a day bound it per module; this
   * bounds it per learner and day, however many courses or aulas they study.
   */
  recargasEvaluacion: number;
  /** POST /courses/suggestions when the answer is not cached yet. */
  sugerencias: number;
  /** POST /diplomado/plan (premium only: the free plan gets 402 before counting). */
  planesDiplomado: number;
  /** POST /courses/{id}/retry: a failed course generated again (each course at most RETRIES_PER_COURSE times). */
  reintentos: number;
  /** Issue 32: an answer in the learner's own words graded by a model (a short call on the fast tier). */
  respuestasAbiertas: number;
  /** Issue 32 item 4: a Refuerzo guiado written after an attempt (one call on the strong tier). */
  refuerzos: number;
}
export type AllowanceName = keyof DailyAllowance;
export const ALLOWANCE_NAMES: readonly AllowanceName[] = ['regeneraciones', 'variantesEvaluacion', 'recargasEvaluacion', 'sugerencias', 'planesDiplomado', 'reintentos', 'respuestasAbiertas', 'refuerzos'];

/**
 * Courses one learner may have generating at once (issue 40 item 2): the model queue serves learners
 * in turn, and this keeps one learner's month from standing in it all at once. The free plan's is its
 * month (a month's 3 courses may run together; it binds on retries and across a month's end);
 * premium's covers a diplomado's whole programme (at most 6 courses, generated together), a fifth of
 * its month. A further start is refused with a 429 until one ends (course-model generating-courses.ts).
 */
export const CURSOS_A_LA_VEZ: Record<PlanName, number> = { gratuito: 3, premium: 6 };

/** Times one course may be generated again after failing, whatever the plan (each retry resumes its pipeline). */
export const RETRIES_PER_COURSE = 3;
const FULL_OUTLINE = { modulos: COURSE_SHAPE.maxModules, leccionesPorModulo: COURSE_SHAPE.maxLessons };

export const PLANS: Record<PlanName, PlanLimits> = {
  gratuito: {
    cursosPorMes: 3, mensajesTutorPorDia: 20, diplomado: false,
    porDia: { regeneraciones: 5, variantesEvaluacion: 5, recargasEvaluacion: 10, sugerencias: 20, planesDiplomado: 0, reintentos: 3, respuestasAbiertas: 30, refuerzos: 10 },
    temario: FULL_OUTLINE,
    // 3 courses (≈ $0.06 each, measured: course-cost.json) and a tutor message a day or so, with room for retries.
    presupuestoIAUsdPorMes: 1,
    materiales: { maximo: 5, caracteres: 20_000, bytes: 5 * 1024 * 1024, paginas: 50 },
    // Teaching a group is premium (issue 25): a free learner may join aulas, not create them.
    aulas: { maximo: 0, miembros: 0, cursos: 0 },
    // About six lessons heard a month (≈ 27,000 characters, ≈ USD 0.43 of the budget).
    narracionMinutosPorMes: 30,
  },
  premium: {
    cursosPorMes: 30, mensajesTutorPorDia: 200, diplomado: true,
    porDia: { regeneraciones: 30, variantesEvaluacion: 30, recargasEvaluacion: 60, sugerencias: 100, planesDiplomado: 5, reintentos: 10, respuestasAbiertas: 300, refuerzos: 100 },
    temario: FULL_OUTLINE,
    // 30 courses (≈ $5) and a busy tutor month (≈ 100 messages a day at ≈ $0.0005): what one learner may cost at most.
    presupuestoIAUsdPorMes: 10,
    // Issue 24: 20 MB and 300 pages per file; pasted text is bounded by the request size (MATERIAL_TEXT_MAX).
    materiales: { maximo: 50, caracteres: MATERIAL_TEXT_MAX, bytes: 20 * 1024 * 1024, paginas: 300 },
    // A class of 30 with a term's courses; the teacher's view reads at most 30 × 10 copies (docs/aulas.md).
    aulas: { maximo: 5, miembros: 30, cursos: 10 },
    // An hour a week and more (≈ 270,000 characters, ≈ USD 4.32 of the budget).
    narracionMinutosPorMes: 300,
  },
};

/**
 * What one typical action costs at list prices, so the plan page can say what the rest of the month's
 * budget buys ("Te quedan ~N cursos"). A course of the default shape as `npm run bench realistic-model`
 * measured it (course-cost.json: issue 42, not typed in); a tutor message as docs/tutor.md estimates it.
 * Estimates only: the budget is enforced on the measured cost of every call, and a course holds its
 * shape's cost with a margin (course-cost.ts `courseHoldUsd`).
 */
export const TYPICAL_COST_USD = { curso: courseCostUsd(COURSE_SHAPE.defaultModules, COURSE_SHAPE.defaultLessons), mensajeTutor: 0.0005 };

export const planLimits = (plan: string | undefined): PlanLimits => PLANS[plan === 'premium' ? 'premium' : 'gratuito'];

/** The outline a course is written with: what the learner asked for, within the plan's `temario`. */
export const outlineLimit = (asked: { modulos: number; leccionesPorModulo: number }, plan?: string) => {
  const most = plan ? planLimits(plan).temario : FULL_OUTLINE;
  return { modulos: Math.min(asked.modulos, most.modulos), leccionesPorModulo: Math.min(asked.leccionesPorModulo, most.leccionesPorModulo) };
};

// Quota periods are UTC calendar periods, the same clock the tutor's daily count always used,
// so "today" and "this month" mean one thing everywhere on the server.

/** `2026-11`: the calendar month a course counts against. */
export const monthKey = (now: Date) => now.toISOString().slice(0, 7);

/** `2026-11-22`: the calendar day a tutor message counts against. */
export const dayKey = (now: Date) => now.toISOString().slice(0, 10);

/** When a month's count starts again: the first day of the next month, midnight UTC. */
export const nextMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();

/** When a day's count starts again: the next midnight UTC. */
export const nextDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
