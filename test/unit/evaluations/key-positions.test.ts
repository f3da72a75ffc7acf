import { OPTION_LETTERS } from '../../../lambdas/contract';
import { toBankQuestion } from '../../../lambdas/shared/ai/evaluation-checks';
import { goodQuestion, LESSONS } from './fixtures';

// Issue 12: answering A, B, C, D, A… used to pass every evaluation because the key was moved to
// position i mod 4. Keys are now drawn with crypto.randomInt per question and stored.

const EVALUATIONS = 400;
const PER_EVALUATION = 12;
/** Chi-square, 3 degrees of freedom, p = 0.0001: a uniform source exceeds it once in 10,000 times. */
const CHI2_BOUND = 21.1;

const chiSquare = (counts: number[]) => {
  const expected = counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
};
/** Per question index, how often each letter holds the key across many generated evaluations. */
function countsByIndex(letterAt: (evaluation: number, index: number) => string) {
  return Array.from({ length: PER_EVALUATION }, (_, i) => {
    const counts = [0, 0, 0, 0];
    for (let e = 0; e < EVALUATIONS; e++) counts[OPTION_LETTERS.indexOf(letterAt(e, i) as 'A')]++;
    return counts;
  });
}

describe('the position of the correct option', () => {
  // The model always answers with the key at A (the worst case): only our code moves it.
  const generated = countsByIndex((_, i) => toBankQuestion(goodQuestion(i), `p${i + 1}`, LESSONS.l01).correcta);

  it('is spread evenly over A–D at every question index, over 400 evaluations', () => {
    for (const counts of generated) expect(chiSquare(counts)).toBeLessThan(CHI2_BOUND);
  });

  it('follows no fixed mapping from question index to letter', () => {
    for (const counts of generated) expect(Math.max(...counts) / EVALUATIONS).toBeLessThan(0.34);
  });

  it('is told apart from the old rule by the same test (the test can fail)', () => {
    const oldRule = countsByIndex((_, i) => OPTION_LETTERS[i % 4]);
    for (const counts of oldRule) expect(chiSquare(counts)).toBeGreaterThan(CHI2_BOUND);
  });

  it('moves the option with its own explanation, leaving the distractors in order', () => {
    const q = toBankQuestion(goodQuestion(), 'p1', LESSONS.l01, 2);
    expect(q.correcta).toBe('C');
    expect(q.opciones[2]).toBe('la luz total que recibe el sensor');
    expect(q.explicacion).toBe('Es la definición que da la lección.');
    expect(q.explicaciones?.[2]).toBe(q.explicacion);
    expect(q.opciones.filter((_, i) => i !== 2)).toEqual(['la temperatura de color del sensor', 'el tamaño del archivo guardado', 'la distancia entre la cámara y el sujeto']);
    expect(q.seccion).toBe('Qué es la exposición');
  });
});
