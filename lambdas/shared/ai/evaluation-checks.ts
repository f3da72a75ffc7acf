import { OPTION_LETTERS } from '../../contract';
import { ModelError } from './model-errors';
import { prompts } from './prompts';
import type { EvaluationOutput } from './schemas';
import type { StructuredModel, Usage } from './structured-output';

type Letter = (typeof OPTION_LETTERS)[number];
const norm = (s: string) => s.normalize('NFKC').toLocaleLowerCase('es').replace(/\s+/g, ' ').replace(/[.¿?¡!]+$/g, '').trim();

/**
 * Reorders each question's options so the correct letters cycle A, B, C, D. Models favour one
 * position; moving options never changes what a question asks, so this fixes balance for free.
 */
export function balanceAnswerPositions(evaluation: EvaluationOutput): EvaluationOutput {
  return {
    preguntas: evaluation.preguntas.map((q, i) => {
      const from = OPTION_LETTERS.indexOf(q.correcta);
      const to = i % 4;
      const opciones = [...q.opciones];
      [opciones[from], opciones[to]] = [opciones[to], opciones[from]];
      return { ...q, opciones, correcta: OPTION_LETTERS[to] };
    }),
  };
}

/** Every reason this set may not be shown to a learner; empty when it is fit to store. */
export function evaluationProblems(evaluation: EvaluationOutput): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  evaluation.preguntas.forEach((q, i) => {
    const n = i + 1;
    const key = norm(q.enunciado);
    if (seen.has(key)) problems.push(`La pregunta ${n} repite otra pregunta`);
    seen.add(key);
    if (q.opciones.length !== 4) problems.push(`La pregunta ${n} no tiene cuatro opciones`);
    if (new Set(q.opciones.map(norm)).size !== q.opciones.length) problems.push(`La pregunta ${n} tiene opciones repetidas`);
    if (!OPTION_LETTERS.includes(q.correcta as Letter)) problems.push(`La pregunta ${n} no tiene una única opción correcta`);
    if (norm(q.explicacion).length < 5) problems.push(`La pregunta ${n} no tiene explicación`);
  });
  const total = evaluation.preguntas.length;
  const counts = OPTION_LETTERS.map((l) => evaluation.preguntas.filter((q) => q.correcta === l).length);
  const maxPerLetter = Math.ceil(total / 4) + 1;
  const distinct = counts.filter((c) => c > 0).length;
  if (counts.some((c) => c > maxPerLetter) || distinct < Math.min(3, total)) {
    problems.push('Las respuestas correctas no están repartidas entre A, B, C y D');
  }
  return problems;
}

/** Asks for an evaluation, checks it, regenerates once if it fails, and refuses a second failure. */
export async function generateCheckedEvaluation(model: StructuredModel, data: Record<string, unknown>) {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  let problems: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await model(prompts.evaluation, problems.length ? { ...data, problemasAnteriores: problems } : data);
    usage.inputTokens += result.usage.inputTokens;
    usage.outputTokens += result.usage.outputTokens;
    const balanced = balanceAnswerPositions(result.value);
    problems = evaluationProblems(balanced);
    if (!problems.length) return { ...result, value: balanced, usage };
  }
  throw new ModelError('InvalidModelOutput', `La evaluación no superó las comprobaciones: ${problems.join('; ')}`);
}
