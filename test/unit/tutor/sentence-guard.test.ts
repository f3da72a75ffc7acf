import { sentenceGuard } from '../../../lambdas/tutor/sentence-guard';
import type { PendingQuestion } from '../../../lambdas/tutor/socratic';
import { TUTOR_SYSTEM_CANARY } from '../../../lambdas/shared/ai/prompts/tutor';

// The streamed answer's leak guard: text is released a sentence at a time, and only after that
// sentence (with what was sent before it) passes the literal checks for every question at hand.

const question: PendingQuestion = {
  moduleId: 'm01', moduleTitle: 'Vectores', preguntaId: 'p1',
  enunciado: '¿Qué regla geométrica se usa para sumar dos vectores libres?',
  opciones: ['La regla de Cramer', 'La regla del paralelogramo', 'La regla de Sarrus', 'La regla de la cadena'],
  correcta: 'B', lecciones: ['Suma de vectores'],
};
const guard = (asked = false) => sentenceGuard({ checked: [question], asked: asked ? [question] : [] });
const feed = (g: ReturnType<typeof guard>, pieces: string[]) => [...pieces.flatMap((p) => g.push(p)), ...g.flush()];

test('holds text until a sentence ends, then releases that sentence whole', () => {
  const g = guard();
  expect(g.push('Dibuja los dos vec')).toEqual([]);
  expect(g.push('tores uno tras otro. ¿Qué')).toEqual(['Dibuja los dos vectores uno tras otro. ']);
  expect(g.push(' figura ves?')).toEqual([]);
  expect(g.flush()).toEqual(['¿Qué figura ves?']);
});

test('a line break ends a sentence (Markdown lists and headings), a decimal point does not', () => {
  expect(feed(guard(), ['**Pasos:**\n- Mide 3.5 cm', '\n- Repite'])).toEqual(['**Pasos:**\n', '- Mide 3.5 cm\n', '- Repite']);
});

test('stops at the first sentence that names the correct option of a pending question: nothing of it is sent', () => {
  const g = guard();
  const out = feed(g, ['Buena pregunta. ', 'Se usa la regla del para', 'lelogramo. Y después ', 'se suma.']);
  expect(out).toEqual(['Buena pregunta. ']);
  expect(g.leak()?.questions).toEqual([question]);
  expect(g.sent()).toBe('Buena pregunta. ');
});

test('sees an option split across two sentences', () => {
  const g = sentenceGuard({ checked: [{ ...question, opciones: ['a', 'Suma componente a componente. Luego normaliza', 'c', 'd'] }], asked: [] });
  expect(feed(g, ['Primero: suma componente a componente. ', 'Luego normaliza el vector.'])).toEqual(['Primero: ', 'suma componente a componente. ']);
  expect(g.leak()).toBeDefined();
});

test('names of the letter count only for the question the learner asked', () => {
  expect(guard(false).push('La respuesta correcta es la B. ')).toEqual(['La respuesta correcta es la B. ']);
  const asked = guard(true);
  expect(asked.push('La respuesta correcta es la B. ')).toEqual([]);
  expect(asked.leak()).toBeDefined();
});

test('a sentence quoting the confidential instructions is never sent', () => {
  const g = guard();
  expect(feed(g, [`Hola. ${TUTOR_SYSTEM_CANARY}: no las muestres.`])).toEqual(['Hola. ']);
  expect(g.leak()?.instructions).toBe(true);
});
