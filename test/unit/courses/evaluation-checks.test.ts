import { balanceAnswerPositions, evaluationProblems, generateCheckedEvaluation } from '../../../lambdas/shared/ai/evaluation-checks';
import type { EvaluationOutput } from '../../../lambdas/shared/ai/schemas';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';

const question = (n: number, correcta: 'A' | 'B' | 'C' | 'D' = 'A') => ({
  enunciado: `¿Qué hace la instrucción número ${n}?`,
  opciones: [`Respuesta ${n}a`, `Respuesta ${n}b`, `Respuesta ${n}c`, `Respuesta ${n}d`],
  correcta,
  explicacion: `Porque la instrucción ${n} lo indica.`,
});
const set = (...qs: EvaluationOutput['preguntas']): EvaluationOutput => ({ preguntas: qs });
const balanced = set(question(1, 'A'), question(2, 'B'), question(3, 'C'), question(4, 'D'));

describe('evaluation checks', () => {
  it('accept a well-formed, balanced set', () => {
    expect(evaluationProblems(balanced)).toEqual([]);
  });

  it('reject a repeated question, ignoring case and spacing', () => {
    const dup = { ...question(2, 'B'), enunciado: '  ¿qué hace la instrucción número 1?' };
    expect(evaluationProblems(set(question(1, 'A'), dup, question(3, 'C'), question(4, 'D')))).toContain('La pregunta 2 repite otra pregunta');
  });

  it('reject repeated options, since two could then be correct', () => {
    const q = { ...question(1, 'A'), opciones: ['Sí', 'No', 'sí', 'Quizá'] };
    expect(evaluationProblems(set(q, question(2, 'B'), question(3, 'C'), question(4, 'D')))).toContain('La pregunta 1 tiene opciones repetidas');
  });

  it('reject a question without an explanation', () => {
    const q = { ...question(1, 'A'), explicacion: ' ' };
    expect(evaluationProblems(set(q, question(2, 'B'), question(3, 'C'), question(4, 'D')))).toContain('La pregunta 1 no tiene explicación');
  });

  it('reject correct answers piled on one letter', () => {
    expect(evaluationProblems(set(question(1, 'B'), question(2, 'B'), question(3, 'B'), question(4, 'B')))).toContain(
      'Las respuestas correctas no están repartidas entre A, B, C y D',
    );
  });

  it('rebalance positions by moving options, keeping each correct text correct', () => {
    const piled = set(question(1, 'B'), question(2, 'B'), question(3, 'B'), question(4, 'B'));
    const fixed = balanceAnswerPositions(piled);
    expect(fixed.preguntas.map((q) => q.correcta)).toEqual(['A', 'B', 'C', 'D']);
    fixed.preguntas.forEach((q, i) => expect(q.opciones['ABCD'.indexOf(q.correcta)]).toBe(piled.preguntas[i].opciones[1]));
    expect(evaluationProblems(fixed)).toEqual([]);
  });
});

describe('generating a checked evaluation', () => {
  const usage = { inputTokens: 10, outputTokens: 20 };
  const answering = (...sets: EvaluationOutput[]) => {
    const calls: Record<string, unknown>[] = [];
    const model = (async (_spec: unknown, data: Record<string, unknown>) => {
      calls.push(data);
      return { value: sets[calls.length - 1], usage, modelId: 'm', promptVersion: 'v', demo: false };
    }) as unknown as StructuredModel;
    return { model, calls };
  };
  const broken = set(question(1), { ...question(1), correcta: 'B' }, question(3, 'C'), question(4, 'D'));

  it('regenerates once, telling the model what was wrong', async () => {
    const { model, calls } = answering(broken, balanced);
    const result = await generateCheckedEvaluation(model, { modulo: 'x' });
    expect(calls).toHaveLength(2);
    expect(calls[1].problemasAnteriores).toEqual(['La pregunta 2 repite otra pregunta']);
    expect(result.usage).toEqual({ inputTokens: 20, outputTokens: 40 });
  });

  it('rejects a set that fails twice', async () => {
    const { model, calls } = answering(broken, broken);
    await expect(generateCheckedEvaluation(model, {})).rejects.toMatchObject({ name: 'InvalidModelOutput' });
    expect(calls).toHaveLength(2);
  });
});
