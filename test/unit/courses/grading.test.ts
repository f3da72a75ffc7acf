import type { EvaluationItem } from '../../../lambdas/courses/course-items';
import { grade, toPublicEvaluation } from '../../../lambdas/evaluations/grading';

const evaluation: EvaluationItem = {
  courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'v1',
  preguntas: (['A', 'B', 'C', 'D'] as const).map((correcta, i) => ({
    preguntaId: `p${i + 1}`, enunciado: `Pregunta ${i + 1}`, opciones: ['uno', 'dos', 'tres', 'cuatro'], correcta, explicacion: `Explicación ${i + 1}`,
  })),
};

describe('grading an evaluation', () => {
  it('scores right answers and passes at 70 or more', () => {
    const r = grade(evaluation, { answers: [{ preguntaId: 'p1', opcion: 'A' }, { preguntaId: 'p2', opcion: 'B' }, { preguntaId: 'p3', opcion: 'C' }, { preguntaId: 'p4', opcion: 'A' }] });
    expect(r).toMatchObject({ score: 75, correctas: 3, total: 4, aprobado: true });
    expect(r.resultados[3]).toEqual({ preguntaId: 'p4', correcta: false, opcionElegida: 'A', opcionCorrecta: 'D', explicacion: 'Explicación 4' });
  });

  it('counts an unanswered question as wrong', () => {
    const r = grade(evaluation, { answers: [{ preguntaId: 'p1', opcion: 'A' }] });
    expect(r).toMatchObject({ score: 25, aprobado: false });
    expect(r.resultados[1]).not.toHaveProperty('opcionElegida');
  });

  it('refuses an answer to a question that is not in the evaluation', () => {
    expect(() => grade(evaluation, { answers: [{ preguntaId: 'p9', opcion: 'A' }] })).toThrow('La pregunta p9 no pertenece a esta evaluación.');
  });

  it('shows learners the questions and options without the key', () => {
    const pub = toPublicEvaluation(evaluation, 'Evaluación');
    expect(pub.preguntas[0]).toEqual({ preguntaId: 'p1', enunciado: 'Pregunta 1', opciones: [{ opcion: 'A', texto: 'uno' }, { opcion: 'B', texto: 'dos' }, { opcion: 'C', texto: 'tres' }, { opcion: 'D', texto: 'cuatro' }] });
    expect(JSON.stringify(pub)).not.toMatch(/correcta|explicacion|Explicación/);
  });
});
