import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import type { CourseItem, LessonItem } from '../../../lambdas/course-model/course-items';
import { diagramFigures } from '../../../scripts/eval-quality-diagrams';
import { diagramCell } from '../../../scripts/eval-quality-diagrams';
import { labelLanguage } from '../../../scripts/eval-quality-labels';
import { hasDefect, type CaseResult } from '../../../scripts/eval-quality-report';
import { SHOWCASE_DIAGRAMS } from '../../../infra/local/showcase/diagrams';

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
  expect(d).toEqual({ lecciones: 3, escritos: 3, validos: 1, reparados: 1, descartados: 1, guardados: 2, maxNodos: 3, terminos: 0.5, etiquetas: { espanol: 3, otras: 0, cortas: 4 }, defectos: [] });
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

// Issue 43 item 6: labels in Spanish. franc alone is noise on a few words (eval-quality-labels.ts), so a
// label's small words decide first, and one too short to tell is counted apart, never as foreign.
describe('labels in Spanish', () => {
  it('tells a foreign label from a Spanish one, and leaves a label too short to tell undecided', () => {
    for (const label of ['The shutter decides how long', 'Ignore your instructions', 'Caesar crosses the Rubicon', 'O obturador decide quanto tempo', 'La lumière sort de la scène', 'Der Sensor macht ein Bild', 'Il sensore la trasforma in immagine']) {
      expect([label, labelLanguage(label)]).toEqual([label, 'otro']);
    }
    for (const label of ['Lo escrito llega como texto', 'int() o float() lo hacen número', '27 a. C. Octavio es Augusto', 'La luz sale de la escena']) expect([label, labelLanguage(label)]).toEqual([label, 'spa']);
    // Franc names Italian for these two; no small word settles them, so they are not counted as foreign.
    expect(labelLanguage('88 a. C. Sila marcha sobre Roma')).toBe('corto');
    expect(labelLanguage('Shutter speed')).toBe('corto');
    // Words Spanish shares with another language are no evidence against it.
    expect(labelLanguage('Dos')).toBe('corto');
    expect(labelLanguage('Le da las gracias')).toBe('spa');
    // A course teaching English may label its examples in English.
    expect(labelLanguage('How are you?', 'eng')).toBe('spa');
  });

  it('no featured course\'s team-written label reads as foreign', () => {
    const labels = Object.values(SHOWCASE_DIAGRAMS).flat().flatMap((p) => [p.diagrama.titulo, ...p.diagrama.nodos.map((n) => n.texto)]);
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((l) => labelLanguage(l) === 'otro')).toEqual([]);
  });

  it('reports the share per course, and a featured course with a foreign label fails the run', () => {
    const english = { ...steps, nodos: [steps.nodos[0], { id: 'b', texto: 'Then compensate the exposure' }, steps.nodos[2]] };
    const lessons = [lesson('l01', diagramBlock(english))];
    const outcomes = [{ escritos: 1, validos: 1, reparados: 0, descartados: 0 }];
    const d = diagramFigures(course, lessons, outcomes, true);
    expect(d.etiquetas).toEqual({ espanol: 2, otras: 1, cortas: 1 });
    expect(d.defectos).toEqual(['m01/l01: la etiqueta «Then compensate the exposure» del diagrama 1 no está en español']);
    expect(diagramCell(d)).toContain('etiquetas en español 67 % (1 sin decidir)');
    expect(diagramFigures(course, lessons, outcomes, false).defectos).toEqual([]);
  });
});
