import { matchingQuestions, revealsAnswer, type PendingQuestion } from '../../../lambdas/tutor/socratic';

const q: PendingQuestion = {
  moduleId: 'm01', moduleTitle: 'Vectores', preguntaId: 'p1', correcta: 'B', lecciones: ['Suma de vectores'],
  enunciado: '¿Qué regla geométrica se usa para sumar dos vectores libres?',
  opciones: ['La regla de Cramer', 'La regla del paralelogramo', 'La regla de Sarrus', 'La regla de la cadena'],
};

test('recognises a pending question asked in other words or pasted with its options', () => {
  expect(matchingQuestions('que regla geometrica uso para sumar vectores libres', [q])).toEqual([q]);
  expect(matchingQuestions('¿Es la regla de Cramer o la regla de Sarrus?', [q])).toEqual([q]);
  expect(matchingQuestions('¿Qué es un vector?', [q])).toEqual([]);
});

test('a reply reveals the answer when it states the correct option text or, for the asked question, its letter', () => {
  expect(revealsAnswer('Se resuelve con la Regla del Paralelogramo.', q, false)).toBe(true);
  expect(revealsAnswer('La respuesta correcta es la B.', q, true)).toBe(true);
  expect(revealsAnswer('Es la opción B', q, true)).toBe(true);
  expect(revealsAnswer('La opción B de otro ejercicio', q, false)).toBe(false);
  expect(revealsAnswer('Dibuja los vectores uno tras otro: ¿qué figura aparece?', q, true)).toBe(false);
});
