import type { EvaluationItem, OutlineModule } from '../../../lambdas/course-model';
import { grade } from '../../../lambdas/evaluations/grading';
import { DOMINAS, settleStates, statesOf, studyPointers } from '../../../lambdas/evaluations/objective-feedback';
import { cardFromBankQuestion, lockedSolution } from '../../../lambdas/review/cards';

// Issue 32: a failed attempt teaches per objective — what was shown, what not, the misconceptions
// behind the options chosen, where to study — and gives no key away.

const OPTIONS = ['uno', 'dos', 'tres', 'cuatro'];
const MISCONCEPTIONS = ['Confundir la luz con el color', 'Creer que el ISO no añade ruido', 'Pensar que el diafragma no influye'];
const outline: Pick<OutlineModule, 'objetivos' | 'lecciones'> = {
  objetivos: [
    { id: 'o1', enunciado: 'Explica qué mide la exposición', bloom: 'comprender' },
    { id: 'o2', enunciado: 'Aplica la regla de los tercios a una foto', bloom: 'aplicar' },
  ],
  lecciones: [{ lessonId: 'l01', titulo: 'La exposición', resumen: '', objetivos: ['o1'] }, { lessonId: 'l02', titulo: 'La composición', resumen: '', objetivos: ['o2'] }],
};
const bank: EvaluationItem = {
  courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'b1',
  // p1–p4 measure o1 (lesson l01), p5–p8 o2 (l02); the key is always the bank's A.
  preguntas: Array.from({ length: 8 }, (_, i) => ({
    preguntaId: `p${i + 1}`, lessonId: i < 4 ? 'l01' : 'l02', objetivoId: i < 4 ? 'o1' : 'o2', bloom: 'comprender' as const, seccion: i < 4 ? 'El triángulo' : 'Los tercios',
    enunciado: `Pregunta ${i + 1}`, opciones: OPTIONS.map((o) => `${o} ${i + 1}`), explicaciones: OPTIONS.map((o) => `Por qué ${o}`),
    conceptosErroneos: ['', ...MISCONCEPTIONS], correcta: 'A' as const, explicacion: 'Por qué uno',
  })),
};
const variant = { id: 'v1', bankVersion: 'b1', preguntas: bank.preguntas.map((q) => ({ preguntaId: q.preguntaId, orden: [0, 1, 2, 3] })) };
const titles = { l01: 'La exposición', l02: 'La composición' };
// o1 all right; o2: p5 right, p6 chose C (bank index 2), p7 chose B, p8 chose C again.
const submission = { answers: [['p1', 'A'], ['p2', 'A'], ['p3', 'A'], ['p4', 'A'], ['p5', 'A'], ['p6', 'C'], ['p7', 'B'], ['p8', 'C']].map(([preguntaId, opcion]) => ({ preguntaId, opcion: opcion as 'A' })) };

describe('a failed attempt teaches', () => {
  const { result } = grade(bank, variant, submission, titles, outline);

  it('says per objective what the learner showed and what not, with the misconceptions and where to study', () => {
    expect(result.aprobado).toBe(false);
    expect(result.objetivos).toEqual([
      { id: 'o1', enunciado: 'Explica qué mide la exposición', bloom: 'comprender', correctas: 4, total: 4, domina: true, estado: 'domina', conceptosErroneos: [], repasar: [] },
      {
        id: 'o2', enunciado: 'Aplica la regla de los tercios a una foto', bloom: 'aplicar', correctas: 1, total: 4, domina: false, estado: 'falta',
        conceptosErroneos: ['Creer que el ISO no añade ruido', 'Confundir la luz con el color'],
        repasar: [{ lessonId: 'l02', leccion: 'La composición', seccion: 'Los tercios' }],
      },
    ]);
    expect(result.resultados[5]).toMatchObject({ objetivoId: 'o2', conceptoErroneo: 'Creer que el ISO no añade ruido' });
    expect(result.resultados[0]).not.toHaveProperty('conceptoErroneo');
  });

  it('never reveals a key: no option text, no explanation, no revision', () => {
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/"revision"|Por qué|uno \d/);
    // The misconception of the right option is never named (it has none), and no wrong answer names one not chosen.
    expect(text).not.toContain('Pensar que el diafragma no influye');
  });

  it('gives the card of a wrong answer the same feedback at once, key still hidden', () => {
    const q = bank.preguntas[5];
    const card = { ...cardFromBankQuestion('c1', 'm01', 'M', q, result.resultados[5].repasar, result.resultados[5].conceptoErroneo), fsrs: { due: '', reps: 0 } as never, createdAt: '' };
    const solution = lockedSolution(card);
    expect(solution).toMatchObject({ bloqueada: true, respuesta: '', conceptoErroneo: 'Creer que el ISO no añade ruido' });
    expect(solution.explicacion).toContain('Creer que el ISO no añade ruido');
    expect(solution).not.toHaveProperty('opciones');
    expect(solution).not.toHaveProperty('acierto');
  });

  it('maps a course from before to one objective per lesson', () => {
    const legacy = { ...bank, preguntas: bank.preguntas.map(({ objetivoId: _o, conceptosErroneos: _c, ...q }) => q) };
    const old = grade(legacy, variant, submission, titles, { lecciones: outline.lecciones.map(({ objetivos: _x, ...l }) => l) });
    expect(old.result.objetivos?.map((o) => [o.id, o.enunciado, o.domina])).toEqual([['o1', 'La exposición', true], ['o2', 'La composición', false]]);
  });
});

// Issue 41: the attempt's "not shown" is split by the learner model's P(known) after it (every answer so far).
describe('the third state', () => {
  const { result } = grade(bank, variant, submission, titles, outline);
  const states = (known?: Record<string, number>) => settleStates(result.objetivos!, 'm01', known).map((o) => [o.id, o.estado, o.domina]);

  it('keeps "Te falta" where the model agrees, and says "Aún no está claro" where it does not', () => {
    expect(states({ 'm01.o1': 0.9, 'm01.o2': 0.05 })).toEqual([['o1', 'domina', true], ['o2', 'falta', false]]);
    expect(states({ 'm01.o1': 0.9, 'm01.o2': 0.4 })).toEqual([['o1', 'domina', true], ['o2', 'incierto', false]]);
  });

  it('never turns an objective into "Dominas": an attempt that did not show it stays short of it however sure the model is', () => {
    expect(states({ 'm01.o1': 0.99, 'm01.o2': 0.99 })).toEqual([['o1', 'domina', true], ['o2', 'incierto', false]]);
  });

  it('takes "Dominas" away where the model, every answer so far, does not agree: "Aún no está claro", with where to study', () => {
    // o1: 4 of 4 right in this attempt, but the model puts it below DOMINAS (earlier answers said otherwise).
    expect(states({ 'm01.o1': DOMINAS - 0.01, 'm01.o2': 0.05 })).toEqual([['o1', 'incierto', false], ['o2', 'falta', false]]);
    expect(states({ 'm01.o1': DOMINAS, 'm01.o2': 0.05 })).toEqual([['o1', 'domina', true], ['o2', 'falta', false]]);
    const [o1] = settleStates(result.objetivos!, 'm01', { 'm01.o1': 0.2 }, studyPointers(outline, result.resultados, titles));
    // No wrong answer on o1 to point at: the lesson that teaches it.
    expect(o1).toMatchObject({ estado: 'incierto', domina: false, repasar: [{ lessonId: 'l01', leccion: 'La exposición' }] });
    // Kept with the attempt as the result showed them.
    expect(statesOf(settleStates(result.objetivos!, 'm01', { 'm01.o1': 0.2, 'm01.o2': 0.05 }))).toEqual({ o1: 'incierto', o2: 'falta' });
  });

  it('points a demoted objective at the sections of its wrong answers', () => {
    const where = studyPointers(outline, result.resultados, titles);
    expect(where('o2')).toEqual([{ lessonId: 'l02', leccion: 'La composición', seccion: 'Los tercios' }]);
  });

  it('lets the attempt alone decide without the model\'s answer', () => {
    expect(states(undefined)).toEqual([['o1', 'domina', true], ['o2', 'falta', false]]);
    expect(states({ 'm02.o2': 0.9 })).toEqual([['o1', 'domina', true], ['o2', 'falta', false]]);
  });

  it('keeps the misconceptions and where to study for an unclear objective', () => {
    const [, o2] = settleStates(result.objetivos!, 'm01', { 'm01.o2': 0.4 });
    expect(o2).toMatchObject({ estado: 'incierto', conceptosErroneos: result.objetivos![1].conceptosErroneos, repasar: result.objetivos![1].repasar });
  });
});
