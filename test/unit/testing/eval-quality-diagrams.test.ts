import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import type { CourseItem, LessonItem } from '../../../lambdas/course-model/course-items';
import { diagramFigures } from '../../../scripts/eval-quality-diagrams';
import { hasDefect, type CaseResult } from '../../../scripts/eval-quality-report';

// Issue 43 item 4: eval:quality's diagram figures per course, and the defects that fail the run: a
// stored lesson holding a block that cannot be drawn, or a featured course's diagram failing the validator.

const steps: Diagram = {
  tipo: 'proceso',
  titulo: 'Medir la luz con el fotómetro',
  descripcion: 'Tres pasos: medir, compensar, disparar.',
  nodos: [{ id: 'a', texto: 'Medir con el fotómetro' }, { id: 'b', texto: 'Compensar la exposición' }, { id: 'c', texto: 'Disparar' }],
};
const course = { modulos: [{ moduleId: 'm01', plan: { terminosClave: ['Fotómetro', 'apertura'] } }] } as unknown as CourseItem;
const lesson = (lessonId: string, ...blocks: string[]) => ({ moduleId: 'm01', lessonId, estado: 'lista', contenido: ['### Introducción', 'Texto.', ...blocks].join('\n\n') }) as LessonItem;

it('counts per lesson the diagrams written, valid at first, repaired and dropped, and the stored ones naming a key term', () => {
  const other = { ...steps, titulo: 'Otra cosa', nodos: [{ id: 'a', texto: 'Uno' }, { id: 'b', texto: 'Dos' }] };
  const outcomes = [{ escritos: 2, validos: 1, reparados: 1, descartados: 0 }, { escritos: 1, validos: 0, reparados: 0, descartados: 1 }, undefined];
  const d = diagramFigures(course, [lesson('l01', diagramBlock(steps), diagramBlock(other)), lesson('l02'), lesson('l03')], outcomes);
  expect(d).toEqual({ lecciones: 3, escritos: 3, validos: 1, reparados: 1, descartados: 1, guardados: 2, maxNodos: 3, terminos: 0.5, defectos: [] });
});

it('is a defect when a stored lesson holds a block that cannot be drawn', () => {
  const broken = diagramBlock({ ...steps, nodos: [steps.nodos[0]] });
  const d = diagramFigures(course, [lesson('l01', broken)], []);
  expect(d.defectos).toEqual(['m01/l01: el diagrama 1 guardado no se puede dibujar: Un diagrama necesita al menos 2 nodos.']);
  const result = { error: undefined, schema: [], spanish: [], structure: [], keys: [], judged: false, contentProblems: [], content: { testWise: { max: 0 } }, diagrams: d } as unknown as CaseResult;
  expect(hasDefect(result)).toBe(true);
  expect(hasDefect({ ...result, diagrams: diagramFigures(course, [lesson('l01', diagramBlock(steps))], []) })).toBe(false);
});

it('fails a featured course whose diagram needed the repair turn, and only a featured one', () => {
  const outcomes = [{ escritos: 1, validos: 0, reparados: 1, descartados: 0 }];
  expect(diagramFigures(course, [lesson('l01', diagramBlock(steps))], outcomes, true).defectos).toEqual(['1 de los 1 diagramas del equipo no pasan el validador']);
  expect(diagramFigures(course, [lesson('l01', diagramBlock(steps))], outcomes, false).defectos).toEqual([]);
});
