import { COURSE_SHAPE } from '../../../lambdas/contract';
import { RESERVE_USD } from '../../../lambdas/plans/budget-estimates';
import { COURSE_COST, COURSE_HOLD_MARGIN, courseCostUsd, courseHoldUsd } from '../../../lambdas/plans/course-cost';
import { TYPICAL_COST_USD } from '../../../lambdas/plans/plans';
import { baseModelId, costUsd, ROUTES } from '../../../lambdas/shared/ai/model-table';

// Issue 42 "small truths": the course allowance holds what a course costs, taken from the bench
// (`npm run bench realistic-model` writes lambdas/plans/course-cost.json), not typed in. When the model
// table changes (a price, a route), this fails until the bench is run again.

it('was measured on the models the purposes are routed to today', () => {
  expect(COURSE_COST.rutas).toEqual({ ...ROUTES });
  for (const m of COURSE_COST.porModelo) expect(Object.values(ROUTES)).toContain(baseModelId(m.modelId));
});

it('costs, at the model table\'s prices, what the bench recorded (within 2 %), and its parts add up', () => {
  const priced = COURSE_COST.porModelo.reduce((usd, m) => usd + costUsd(m.modelId, m.tokensEntrada, m.tokensSalida, { read: m.tokensCacheLeidos, write: m.tokensCacheEscritos }), 0);
  expect(Math.abs(priced - COURSE_COST.usd) / COURSE_COST.usd).toBeLessThanOrEqual(0.02);
  const { esquema, lecciones, evaluaciones } = COURSE_COST.partes;
  expect(Math.abs(esquema + lecciones + evaluaciones - COURSE_COST.usd)).toBeLessThanOrEqual(1e-5);
  expect(Math.min(esquema, lecciones, evaluaciones)).toBeGreaterThan(0);
});

it('shows the plan page a typical course at its measured cost, and holds at least that for every course', () => {
  const { forma } = COURSE_COST;
  expect(TYPICAL_COST_USD.curso).toBeCloseTo(courseCostUsd(COURSE_SHAPE.defaultModules, COURSE_SHAPE.defaultLessons), 9);
  expect(courseCostUsd(forma.modulos, forma.leccionesPorModulo)).toBeCloseTo(COURSE_COST.usd, 6);
  expect(courseHoldUsd(forma.modulos, forma.leccionesPorModulo)).toBeCloseTo(COURSE_COST.usd * COURSE_HOLD_MARGIN, 6);
  // A larger course holds more, a smaller one less; a retry (shape unknown to its counter) holds for the largest.
  expect(courseHoldUsd(COURSE_SHAPE.maxModules, COURSE_SHAPE.maxLessons)).toBeGreaterThan(courseHoldUsd(forma.modulos, forma.leccionesPorModulo));
  expect(courseHoldUsd(COURSE_SHAPE.minModules, COURSE_SHAPE.minLessons)).toBeLessThan(COURSE_COST.usd * COURSE_HOLD_MARGIN);
  expect(RESERVE_USD.reintentos).toBe(courseHoldUsd(COURSE_SHAPE.maxModules, COURSE_SHAPE.maxLessons));
  expect(COURSE_HOLD_MARGIN).toBeGreaterThan(1);
});
