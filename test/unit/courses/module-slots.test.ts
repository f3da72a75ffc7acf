import type { CourseItem, OutlineModule } from '../../../lambdas/course-model';
import { slotAnswer } from '../../../lambdas/pipeline/module-slots';

// Issue 42: a module slot (its lessons and its evaluation) starts with its module, and only once the
// module's plan is stored: a module shown while the outline streams, before the rest of its plan was
// written (`planPendiente`), waits for it.

const plan = { objetivos: ['Explicar la idea'], terminosClave: ['a', 'b', 'c'], conceptosErroneos: ['Creer que basta con leer'], ejemploConductor: 'Un huerto en un balcón' };
const mod = (moduleId: string, extra: Partial<OutlineModule> = {}): OutlineModule => ({ moduleId, titulo: `Módulo ${moduleId}`, descripcion: 'Un módulo de prueba', lecciones: [{ lessonId: 'l01', titulo: 'Lección', resumen: 'Lo que enseña' }], ...extra });
const course = (modulos: OutlineModule[], extra: Partial<CourseItem> = {}) => ({ titulo: 'Curso', modulos, temarioParcial: true, ...extra }) as unknown as CourseItem;

test('a module stored with its plan starts its slot', () => {
  expect(slotAnswer(course([mod('m01', { plan })]), 1, false)).toEqual({ titulo: 'Curso', module: mod('m01', { plan }) });
});

test('a module shown before its plan does not start its slot until the plan is stored', () => {
  expect(slotAnswer(course([mod('m01', { planPendiente: true })]), 1, false)).toBeUndefined();
  // Even once the outline is complete (a state the Outline task never leaves, but a slot must not trust it).
  expect(slotAnswer(course([mod('m01', { planPendiente: true })], { temarioParcial: undefined }), 1, false)).toBeUndefined();
});

test('a slot past the finished outline gets nothing to write; one whose module is still to come waits; a reviewed course waits for its review', () => {
  expect(slotAnswer(course([mod('m01', { plan })], { temarioParcial: undefined }), 2, false)).toEqual({});
  expect(slotAnswer(course([mod('m01', { plan })]), 2, false)).toBeUndefined();
  expect(slotAnswer(course([mod('m01', { plan })]), 1, true)).toBeUndefined();
});
