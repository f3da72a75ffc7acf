import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COURSE_SHAPE, JOB_KINDS } from '../../../lambdas/contract';
import { COURSE_HOLD_MARGIN, courseHoldUsd } from '../../../lambdas/plans/course-cost';
import { routeKey, routes, type RouteKey } from '../../../lambdas/contract/routes';
import { allowanceOf, type ModelJobInput } from '../../../lambdas/jobs/model-jobs';
import { RESERVE_USD } from '../../../lambdas/plans/budget-estimates';
import { ALLOWANCE_NAMES, NARRATION, PLANS, type AllowanceName } from '../../../lambdas/plans/plans';
import type { Counter } from '../../../lambdas/plans/usage-store';

// Issue 40: no model work unpaid. Every route that spends (a model or Polly) and every model job kind
// has a row saying what it holds of the month's AI budget and which counter of its own it takes, and
// docs/capacity.md's table is exactly these rows. A new spending route or job kind fails here until it
// is given one (and test/handlers/model-budget-spent.test.ts then sends it with the month spent).

type Row = { work: string; counter: Counter | 'narracion'; held?: string };
const { minModules, minLessons, maxModules, maxLessons, defaultModules, defaultLessons } = COURSE_SHAPE;
const course = (m: number, l: number) => `$${courseHoldUsd(m, l).toPrecision(3)} (${m} × ${l})`;
const ROWS: Partial<Record<RouteKey, Row[]>> = {
  'POST /courses/plan': [{ work: 'a course', counter: 'cursos', held: `its shape's measured cost × ${COURSE_HOLD_MARGIN} (course-cost.ts): ${course(minModules, minLessons)} to ${course(maxModules, maxLessons)}, ${course(defaultModules, defaultLessons)} by default` }],
  'POST /courses/{id}/retry': [{ work: 'a failed course generated again', counter: 'reintentos', held: `the largest course's, ${course(maxModules, maxLessons)}` }],
  'POST /diplomado/course': [{ work: 'a course of a diplomado', counter: 'cursos', held: course(defaultModules, defaultLessons) }],
  'POST /lesson/generate': [{ work: 'a lesson written again', counter: 'regeneraciones' }],
  'POST /evaluacion/generate': [
    { work: 'a new question bank (`regenerar`)', counter: 'variantesEvaluacion' },
    { work: 'a top-up (unseen questions ran out), or a bank a module lacks', counter: 'recargasEvaluacion' },
  ],
  'POST /courses/suggestions': [{ work: 'suggestions not cached yet', counter: 'sugerencias' }],
  'POST /diplomado/plan': [{ work: 'a diplomado plan', counter: 'planesDiplomado' }],
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check': [{ work: 'a self-check answered in own words, graded', counter: 'respuestasAbiertas' }],
  'POST /courses/{id}/modules/{moduleId}/refuerzo': [{ work: 'a Refuerzo guiado', counter: 'refuerzos' }],
  'POST /courses/{id}/modules/{moduleId}/refuerzo/abierta': [{ work: 'the Refuerzo\'s open question, graded', counter: 'respuestasAbiertas' }],
  'POST /ai-tutor/chat': [{ work: 'a tutor message', counter: 'tutor' }],
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': [{ work: 'a lesson read aloud (first play)', counter: 'narracion' }],
  'POST /ai-tutor/context/{id}/voz': [{ work: 'a tutor answer read aloud', counter: 'narracion' }],
};
/** Spending routes that take nothing of their own, and why (docs/capacity.md says so under the table). */
const PAID_ELSEWHERE: Partial<Record<RouteKey, string>> = {
  'PUT /courses/{id}/outline': 'the course it confirms holds its estimate from POST /courses/plan until it ends',
  'GET /narration/voices/{voz}/sample': 'each voice\'s sample is synthesized once for everyone, charged to no learner',
};

const limits = (counter: Row['counter']) => {
  const [free, premium] = [PLANS.gratuito, PLANS.premium];
  if (counter === 'cursos') return `\`cursos\` ${free.cursosPorMes} / ${premium.cursosPorMes} a month`;
  if (counter === 'tutor') return `tutor messages ${free.mensajesTutorPorDia} / ${premium.mensajesTutorPorDia} a day`;
  if (counter === 'narracion') return `narration minutes ${free.narracionMinutosPorMes} / ${premium.narracionMinutosPorMes} a month`;
  return `\`${counter}\` ${free.porDia[counter]} / ${premium.porDia[counter]} a day`;
};
const held = (counter: Row['counter']) =>
  counter === 'narracion' ? `its characters at Polly's neural list price ($${NARRATION.usdPorMillonCaracteres} per million), exactly` : `$${RESERVE_USD[counter].toPrecision(3)}`;
const rendered = () =>
  ['| work | route | counter (free / premium) | USD held (`budget-estimates.ts`) |', '|---|---|---|---|', ...Object.entries(ROWS).flatMap(([route, rows]) => rows.map((r) => `| ${r.work} | \`${route}\` | ${limits(r.counter)} | ${r.held ?? held(r.counter)} |`))].join('\n');

const spending = routes.filter((r) => r.spends === 'model' || r.spends === 'voz').map(routeKey).sort();

it('gives every route that spends a model or Polly a reservation, or says what paid for it', () => {
  expect([...Object.keys(ROWS), ...Object.keys(PAID_ELSEWHERE)].sort()).toEqual(spending);
});

it('pays every model job kind from an allowance of its own with a hold on the month', () => {
  const counted = new Set(Object.values(ROWS).flatMap((rows) => rows.map((r) => r.counter)));
  for (const kind of JOB_KINDS.filter((k) => k !== 'curso')) {
    for (const regenerar of [false, true]) {
      const name: AllowanceName = allowanceOf({ kind, request: { regenerar } } as unknown as ModelJobInput);
      expect(ALLOWANCE_NAMES).toContain(name);
      expect(RESERVE_USD[name]).toBeGreaterThan(0);
      expect(PLANS.gratuito.porDia[name]).toBeGreaterThanOrEqual(0);
      expect(counted).toContain(name);
    }
  }
});

it('holds for a retry what the largest course holds (its shape is not known to the counter)', () => {
  expect(RESERVE_USD.reintentos).toBe(courseHoldUsd(maxModules, maxLessons));
});

it('is the table docs/capacity.md shows', () => {
  const doc = readFileSync(join(__dirname, '../../../docs/capacity.md'), 'utf8');
  const table = /<!-- reservations:start -->\n([\s\S]*?)\n?<!-- reservations:end -->/.exec(doc)?.[1]?.trim();
  expect(table).toBe(rendered());
});
