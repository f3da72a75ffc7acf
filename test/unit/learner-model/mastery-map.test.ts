import type { CourseItem } from '../../../lambdas/course-model';
import { masteryMap, nextStepAcross, prior, type ObjectiveMastery } from '../../../lambdas/learner-model';
import { uncertainty } from '../../../lambdas/learner-model/bkt';

// The Mapa de dominio's rule for what to do next (docs/learning.md): the current module is the first
// with an objective not started, weak or faded; within it a faded objective's review, a weak
// objective's lesson, then lessons not read, then the evaluation.

const lesson = (n: number, objetivos: string[]) => ({ lessonId: `l0${n}`, titulo: `Lección ${n}`, resumen: '', objetivos });
const outlineModule = (n: number) => ({
  moduleId: `m0${n}`,
  titulo: `Módulo ${n}`,
  descripcion: '',
  objetivos: [{ id: 'o1', enunciado: `Explica la idea A${n}`, bloom: 'comprender' as const }, { id: 'o2', enunciado: `Aplica la idea B${n}`, bloom: 'aplicar' as const }],
  lecciones: [lesson(1, ['o1']), lesson(2, ['o2'])],
});
const course = (progresoLecciones: CourseItem['progresoLecciones'] = {}) => ({ courseId: 'c1', titulo: 'Curso', modulos: [outlineModule(1), outlineModule(2)], progresoLecciones });
const est = (key: string, p: number, n = 4): ObjectiveMastery => ({ ...prior(key), p, incertidumbre: uncertainty(p), evidencias: n, nivel: !n ? 'sin_datos' : p >= 0.95 ? 'dominado' : p >= 0.6 ? 'en_progreso' : 'por_reforzar' });
const byKey = (...list: ObjectiveMastery[]) => Object.fromEntries(list.map((o) => [o.objectiveKey, o]));

it('maps every objective with its state and lesson; with no evidence, the first lesson is next', () => {
  const map = masteryMap(course(), {});
  expect(map.modulos[0].objetivos[1]).toMatchObject({ id: 'o2', estado: 'por_empezar', evidencias: 0, leccion: { lessonId: 'l02', titulo: 'Lección 2' } });
  expect(map.siguiente).toMatchObject({ tipo: 'estudiar', moduleId: 'm01', lessonId: 'l01', objetivoId: 'o1' });
});

it('sends a weak objective back to its lesson before anything else, the weakest first', () => {
  const map = masteryMap(course(), byKey(est('m01.o1', 0.5), est('m01.o2', 0.2)));
  expect(map.modulos[0].objetivos.map((o) => o.estado)).toEqual(['en_progreso', 'en_progreso']);
  expect(map.siguiente).toMatchObject({ tipo: 'estudiar', lessonId: 'l02', objetivoId: 'o2', texto: 'Refuerza «Aplica la idea B1»: vuelve a la lección «Lección 2».' });
});

it('asks for the evaluation once the lessons are read; a module whose objectives were all shown is not sent to review', () => {
  const read = course({ 'm01/l01': 'completado', 'm01/l02': 'completado' });
  expect(masteryMap(read, {}).siguiente).toMatchObject({ tipo: 'evaluar', moduleId: 'm01' });
  // Issue 41: passed with every objective shown, one of them not yet confirmed on another day: move on, review confirms it later.
  const shown = masteryMap(read, byKey(est('m01.o1', 0.97), est('m01.o2', 0.8))).siguiente;
  expect(shown).toMatchObject({ tipo: 'siguiente_modulo', moduleId: 'm02', texto: 'Buen trabajo con «Módulo 1». Sigue con «Módulo 2»: empieza por la lección «Lección 1».' });
});

it('shows a faded objective as "por repasar" and sends the learner back to it, even from a later module', () => {
  const faded: ObjectiveMastery = { ...est('m01.o2', 0.8), nivel: 'por_repasar' };
  const map = masteryMap(course(), byKey(est('m01.o1', 0.97), faded, est('m02.o1', 0.97), est('m02.o2', 0.3)));
  expect(map.modulos[0].objetivos[1].estado).toBe('por_repasar');
  expect(map.siguiente).toMatchObject({ tipo: 'repasar', moduleId: 'm01', objetivoId: 'o2', lessonId: 'l02' });
  expect(map.siguiente.texto).toBe('Repasa «Aplica la idea B1»: hace tiempo que no lo practicas y puede que se te esté olvidando; vuelve a la lección «Lección 2».');
});

it('recommends the next module only once the current one is mastered, and says so when all are', () => {
  const first = byKey(est('m01.o1', 0.97), est('m01.o2', 0.96));
  const map = masteryMap(course(), first);
  expect(map.modulos[0]).toMatchObject({ dominados: 2 });
  expect(map.siguiente).toMatchObject({ tipo: 'siguiente_modulo', moduleId: 'm02', lessonId: 'l01' });
  expect(masteryMap(course(), byKey(est('m01.o1', 0.97), est('m02.o1', 0.2))).siguiente).toMatchObject({ tipo: 'estudiar', moduleId: 'm01', objetivoId: 'o2' });
  const all = byKey(est('m01.o1', 0.97), est('m01.o2', 0.96), est('m02.o1', 0.99), est('m02.o2', 0.98));
  expect(masteryMap(course(), all).siguiente).toMatchObject({ tipo: 'completado', texto: 'Dominas todos los objetivos de este curso. Repasa de vez en cuando para no olvidarlos.' });
  const shown = byKey(est('m01.o1', 0.97), est('m01.o2', 0.96), est('m02.o1', 0.99), est('m02.o2', 0.8));
  expect(masteryMap(course(), shown).siguiente).toMatchObject({ tipo: 'completado', texto: 'Has mostrado todos los objetivos de este curso. El repaso de los próximos días confirmará lo que ya sabes.' });
});

it("picks, across courses, the weakest objective the evidence shows over any course's next lesson", () => {
  const a = { course: { ...course(), courseId: 'a', titulo: 'A' }, byKey: {} };
  const b = { course: { ...course(), courseId: 'b', titulo: 'B' }, byKey: byKey(est('m01.o1', 0.4)) };
  const c = { course: { ...course(), courseId: 'c', titulo: 'C' }, byKey: byKey(est('m01.o2', 0.1)) };
  expect(nextStepAcross([a, b, c])).toMatchObject({ courseId: 'c', curso: 'C', objetivoId: 'o2', tipo: 'estudiar' });
  expect(nextStepAcross([a, b])).toMatchObject({ courseId: 'b' });
  expect(nextStepAcross([])).toBeNull();
});
