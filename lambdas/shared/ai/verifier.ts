import { OPTION_LETTERS } from '../../contract';
import { prompts } from './prompts';
import type { GeneratedQuestion, VerifierOutput } from './schemas';
import type { StructuredModel, StructuredResult } from './structured-output';

type Verdict = VerifierOutput['veredictos'][number];

/** Why the verifier refuses a question; empty when it accepts it. A missing verdict is a refusal. */
export function verdictProblems(q: GeneratedQuestion, v: Verdict | undefined): string[] {
  if (!v) return ['el verificador no la evaluó'];
  const problems: string[] = [];
  const defensible = [...new Set(v.opcionesDefendibles)];
  if (defensible.length !== 1) problems.push(`${defensible.length} opciones defendibles (${defensible.join(', ') || 'ninguna'})`);
  else if (defensible[0] !== q.correcta) problems.push(`la opción defendible es ${defensible[0]}, no ${q.correcta}`);
  if (v.enunciadoDelata) problems.push('el enunciado delata la respuesta');
  if (!v.valida && !problems.length) problems.push(v.motivo);
  return problems;
}

/**
 * One call on the cheap model over a batch of questions; answers each question's problems in order.
 * The verifier sees the intended key: it must confirm it, not guess it.
 */
export async function verifyQuestions(model: StructuredModel, questions: GeneratedQuestion[]): Promise<{ problems: string[][]; result?: StructuredResult<VerifierOutput> }> {
  if (!questions.length) return { problems: [] };
  const result = await model(prompts.verifier, {
    preguntas: questions.map((q, indice) => ({
      indice,
      enunciado: q.enunciado,
      opciones: q.opciones.map((o, i) => ({ opcion: OPTION_LETTERS[i], texto: o.texto })),
      correcta: q.correcta,
      fuente: q.fuente,
    })),
  });
  const byIndex = new Map(result.value.veredictos.map((v) => [v.indice, v]));
  return { problems: questions.map((q, i) => verdictProblems(q, byIndex.get(i))), result };
}
