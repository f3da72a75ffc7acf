import { OPTION_LETTERS, PASS_MARK, type EvaluationResult, type EvaluationSubmission, type PublicEvaluation } from '../contract';
import { badRequest } from '../shared/errors';
import type { EvaluationItem } from '../courses/course-items';

/** The evaluation without its answer key: what a learner may see before submitting. */
export function toPublicEvaluation(e: EvaluationItem, titulo: string): PublicEvaluation {
  return {
    courseId: e.courseId,
    moduleId: e.moduleId,
    titulo,
    aprobarCon: PASS_MARK,
    preguntas: e.preguntas.map((q) => ({
      preguntaId: q.preguntaId,
      enunciado: q.enunciado,
      opciones: q.opciones.map((texto, i) => ({ opcion: OPTION_LETTERS[i], texto })),
    })),
  };
}

/** Grades a submission; a question left unanswered counts as wrong. */
export function grade(e: EvaluationItem, submission: EvaluationSubmission): Omit<EvaluationResult, 'intento'> & { respuestas: Record<string, string> } {
  const known = new Set(e.preguntas.map((q) => q.preguntaId));
  const unknown = submission.answers.find((a) => !known.has(a.preguntaId));
  if (unknown) throw badRequest(`La pregunta ${unknown.preguntaId} no pertenece a esta evaluación.`);
  const respuestas = Object.fromEntries(submission.answers.map((a) => [a.preguntaId, a.opcion]));
  const resultados = e.preguntas.map((q) => ({
    preguntaId: q.preguntaId,
    correcta: respuestas[q.preguntaId] === q.correcta,
    ...(respuestas[q.preguntaId] && { opcionElegida: respuestas[q.preguntaId] }),
    opcionCorrecta: q.correcta,
    explicacion: q.explicacion,
  }));
  const correctas = resultados.filter((r) => r.correcta).length;
  const total = resultados.length;
  const score = total ? Math.round((correctas / total) * 100) : 0;
  return { score, correctas, total, aprobado: score >= PASS_MARK, resultados, respuestas };
}
