import measured from './course-cost.json';

// What a course costs, as `npm run bench realistic-model` measured it (scripts/bench/course-cost.ts
// writes course-cost.json; test/unit/plans/course-cost.test.ts fails when the file no longer agrees
// with the model table). Nothing here is typed in but the margin, which says why.

export interface CourseCostFile {
  comando: string;
  medidoEl: string;
  /** The course measured: modules × lessons per module. */
  forma: { modulos: number; leccionesPorModulo: number };
  /** Its cost at list prices (the course's `uso.costeEstimadoUSD`). */
  usd: number;
  /** The same cost by part: the outline, the lessons, the modules' banks and their verifier. */
  partes: { esquema: number; lecciones: number; evaluaciones: number };
  /** The purposes' models when it was measured (model-table.ts ROUTES). */
  rutas: Record<string, string>;
  porModelo: { modelId: string; tokensEntrada: number; tokensSalida: number; tokensCacheLeidos?: number; tokensCacheEscritos?: number; costeEstimadoUSD: number }[];
}

export const COURSE_COST: CourseCostFile = measured;

/**
 * What the hold adds to the measured cost. The bench's course meets no faults: a real one may repair
 * a call (one more turn), rewrite a cut answer (max_tokens: the call again), retry a task whose Lambda
 * timed out (its calls again) or write with the cache cold (the bench saw $0.0540 and $0.0556 for one
 * course on cache timing alone). Half again covers a third of the course's calls made twice; a course
 * that still goes past its hold is charged in full (ai-budget.ts), so the margin only bounds how far
 * one course can take a month past its ceiling.
 */
export const COURSE_HOLD_MARGIN = 1.5;

/** A course of `modulos` × `leccionesPorModulo` at the measured price per part: the outline once, each lesson, each module's bank. */
export function courseCostUsd(modulos: number, leccionesPorModulo: number, c: CourseCostFile = COURSE_COST): number {
  const { forma, partes } = c;
  return partes.esquema + (partes.lecciones * modulos * leccionesPorModulo) / (forma.modulos * forma.leccionesPorModulo) + (partes.evaluaciones * modulos) / forma.modulos;
}

/** What a course of that shape holds of the month before it starts: its measured cost with the margin. */
export const courseHoldUsd = (modulos: number, leccionesPorModulo: number) => courseCostUsd(modulos, leccionesPorModulo) * COURSE_HOLD_MARGIN;
