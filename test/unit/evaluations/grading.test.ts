import type { EvaluationItem } from '../../../lambdas/course-model/course-items';
import { grade, toPublicEvaluation } from '../../../lambdas/evaluations/grading';
import { allowance, drawVariant, seenQuestions } from '../../../lambdas/evaluations/variants';

const bank: EvaluationItem = {
  courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'bank-1',
  preguntas: Array.from({ length: 12 }, (_, i) => ({
    preguntaId: `p${i + 1}`, lessonId: i % 2 ? 'l02' : 'l01', objetivo: 'o', fuente: 'f', ...(i % 2 ? {} : { seccion: 'Qué es la exposición' }),
    enunciado: `Pregunta ${i + 1}`,
    opciones: ['uno', 'dos', 'tres', 'cuatro'].map((o) => `${o} ${i + 1}`),
    explicaciones: ['uno', 'dos', 'tres', 'cuatro'].map((o) => `Por qué ${o} ${i + 1}`),
    correcta: 'ABCD'[i % 4] as 'A',
    explicacion: `Por qué ${['uno', 'dos', 'tres', 'cuatro'][i % 4]} ${i + 1}`,
  })),
};
const titles = { l01: 'La exposición', l02: 'La composición' };
/** A fixed variant: p1..p5 with the options reversed, so shown letters differ from the bank's. */
const variant = { id: 'v1', bankVersion: 'bank-1', preguntas: ['p1', 'p2', 'p3', 'p4', 'p5'].map((preguntaId) => ({ preguntaId, orden: [3, 2, 1, 0] })) };
const shownKey = (id: string) => 'DCBA'['ABCD'.indexOf(bank.preguntas.find((q) => q.preguntaId === id)!.correcta)] as 'A';
const answer = (right: string[]) => ({ answers: variant.preguntas.map(({ preguntaId }) => ({ preguntaId, opcion: right.includes(preguntaId) ? shownKey(preguntaId) : (shownKey(preguntaId) === 'A' ? 'B' : 'A') as 'A' })) });
const ANSWER_KEY = /opcionCorrecta|"revision"|Por qué|explicacion/;

describe('grading an attempt', () => {
  it('maps the letters the learner saw back to the bank before comparing', () => {
    const { result, respuestas } = grade(bank, variant, answer(['p1', 'p2', 'p3', 'p4']), titles);
    expect(result).toMatchObject({ score: 80, correctas: 4, total: 5, aprobado: false }); // PASS_MARK is 85
    expect(respuestas.p1).toBe('A'); // p1's key is A in the bank, shown as D
  });

  it('tells a failed attempt which questions were wrong and what to review, never the key or why', () => {
    const { result } = grade(bank, variant, answer(['p1', 'p2']), titles);
    expect(result.aprobado).toBe(false);
    expect(result.resultados[2]).toEqual({ preguntaId: 'p3', enunciado: 'Pregunta 3', correcta: false, opcionElegida: 'A', repasar: { lessonId: 'l01', leccion: 'La exposición', seccion: 'Qué es la exposición' } });
    expect(result.resultados[3].repasar).toEqual({ lessonId: 'l02', leccion: 'La composición' });
    expect(result.resultados[0]).toEqual({ preguntaId: 'p1', enunciado: 'Pregunta 1', correcta: true, opcionElegida: 'D' });
    expect(JSON.stringify(result)).not.toMatch(ANSWER_KEY);
  });

  it('explains every option of every question once the attempt passes, in the order shown', () => {
    const { result } = grade(bank, variant, answer(['p1', 'p2', 'p3', 'p4', 'p5']), titles);
    const review = result.resultados[1].revision!;
    expect(review.opciones.map((o) => [o.opcion, o.texto, o.correcta, o.explicacion])).toEqual([
      ['A', 'cuatro 2', false, 'Por qué cuatro 2'],
      ['B', 'tres 2', false, 'Por qué tres 2'],
      ['C', 'dos 2', true, 'Por qué dos 2'],
      ['D', 'uno 2', false, 'Por qué uno 2'],
    ]);
    expect(result.resultados.every((r) => r.revision?.opciones.filter((o) => o.correcta).length === 1)).toBe(true);
  });

  it('counts an unanswered question as wrong', () => {
    const { result } = grade(bank, variant, { answers: [{ preguntaId: 'p1', opcion: shownKey('p1') }] }, titles);
    expect(result).toMatchObject({ score: 20, aprobado: false });
    expect(result.resultados[1]).not.toHaveProperty('opcionElegida');
  });

  it('refuses answers to questions outside the current variant (an older set, or the rest of the bank)', () => {
    expect(() => grade(bank, variant, { answers: [{ preguntaId: 'p9', opcion: 'A' }] }, titles)).toThrow('Vuelve a cargar la evaluación');
    expect(() => grade(bank, variant, { varianteId: 'v0', answers: [{ preguntaId: 'p1', opcion: 'A' }] }, titles)).toThrow('Vuelve a cargar la evaluación');
  });

  it('shows learners the variant without the key, options in the variant order', () => {
    const pub = toPublicEvaluation(bank, variant, 'Evaluación', { restantes: 5 });
    expect(pub.preguntas).toHaveLength(5);
    expect(pub.varianteId).toBe('v1');
    expect(pub.preguntas[0].opciones).toEqual([{ opcion: 'A', texto: 'cuatro 1' }, { opcion: 'B', texto: 'tres 1' }, { opcion: 'C', texto: 'dos 1' }, { opcion: 'D', texto: 'uno 1' }]);
    expect(JSON.stringify(pub)).not.toMatch(/correcta|explicacion|Por qué|fuente|lessonId/);
  });
});

describe('variants', () => {
  const seen = new Set(['p1', 'p2', 'p3', 'p4', 'p5']);

  it('draw only questions this learner never met in a graded attempt', () => {
    for (let n = 0; n < 50; n++) {
      const v = drawVariant(bank, seen, 5)!;
      expect(v.preguntas).toHaveLength(5);
      expect(v.preguntas.some((p) => seen.has(p.preguntaId))).toBe(false);
      expect(v.bankVersion).toBe('bank-1');
      for (const p of v.preguntas) expect([...p.orden].sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it('draw nothing when too few unseen questions are left: a seen question never comes back', () => {
    const small = { ...bank, preguntas: bank.preguntas.slice(0, 9) };
    expect(drawVariant(small, seen, 5)).toBeUndefined();
    expect(drawVariant(small, seen, 4)!.preguntas.map((p) => p.preguntaId).sort()).toEqual(['p6', 'p7', 'p8', 'p9']);
  });

  it('skip questions withdrawn from the bank', () => {
    const withdrawn = { ...bank, preguntas: bank.preguntas.map((q, i) => (i < 6 ? { ...q, retirada: true as const } : q)) };
    expect(drawVariant(withdrawn, new Set(), 6)!.preguntas.map((p) => p.preguntaId).sort()).toEqual(['p10', 'p11', 'p12', 'p7', 'p8', 'p9']);
    expect(drawVariant(withdrawn, new Set(), 7)).toBeUndefined();
  });

  it('count every question of every earlier attempt as seen (ids, or the answers of old attempts)', () => {
    const intentos: NonNullable<EvaluationItem['intentos']> = [
      { version: 'v', score: 0, aprobado: false, fecha: '2026-01-01T00:00:00.000Z', respuestas: { p1: 'A' }, preguntas: ['p1', 'p2'] },
      { version: 'v', score: 0, aprobado: false, fecha: '2026-01-01T00:00:00.000Z', respuestas: { p3: 'A', p4: 'B' } },
    ];
    expect([...seenQuestions(intentos)].sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('vary the questions and the option order from one draw to the next', () => {
    const draws = new Set(Array.from({ length: 20 }, () => JSON.stringify(drawVariant(bank, new Set(), 5)!.preguntas)));
    expect(draws.size).toBeGreaterThan(15);
  });
});

describe('the attempt allowance', () => {
  const at = (h: number) => ({ version: 'v', score: 0, aprobado: false, respuestas: {}, fecha: new Date(Date.UTC(2026, 0, 2, h)).toISOString() });
  const now = Date.UTC(2026, 0, 2, 12);

  it('allows 2 attempts in any 24 hours per module, then says when the next one frees up', () => {
    expect(allowance([at(1)], now)).toEqual({ restantes: 1 });
    expect(allowance([at(1), at(2)], now)).toEqual({ restantes: 0, proximo: new Date(Date.UTC(2026, 0, 3, 1)).toISOString() });
  });

  it('forgets attempts older than 24 hours', () => {
    const old = { ...at(0), fecha: new Date(Date.UTC(2025, 11, 31)).toISOString() };
    expect(allowance([old, old, old, old, at(5)], now)).toEqual({ restantes: 1 });
  });
});
