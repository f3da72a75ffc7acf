import { randomInt } from 'node:crypto';
import { OPTION_LETTERS } from '../../contract';
import { verifierSpec } from './prompts';
import type { GeneratedQuestion, VerifierOutput } from './schemas';
import type { StructuredModel, StructuredResult } from './structured-output';

type Verdict = VerifierOutput['veredictos'][number];
type Letter = GeneratedQuestion['correcta'];

/** The order the verifier sees a question's options in: `order[shown] = written`. */
export type OptionOrder = (n: number) => number[];

/** Fisher–Yates with crypto.randomInt, so the writer's habit of putting the key first cannot steer the blind answer. */
export const randomOrder: OptionOrder = (n) => {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
};

/** Why the verifier refuses a question; empty when it accepts it. A missing verdict is a refusal. */
export function verdictProblems(q: GeneratedQuestion, v: Verdict | undefined): string[] {
  if (!v) return ['el verificador no la evaluó'];
  const problems: string[] = [];
  const defensible = [...new Set(v.opcionesDefendibles)];
  if (v.respuesta !== q.correcta) problems.push(`el verificador, sin ver la clave, responde ${v.respuesta}, no ${q.correcta}`);
  if (defensible.length !== 1) problems.push(`${defensible.length} opciones defendibles (${defensible.join(', ') || 'ninguna'})`);
  else if (defensible[0] !== q.correcta) problems.push(`la opción defendible es ${defensible[0]}, no ${q.correcta}`);
  if (v.enunciadoDelata) problems.push('el enunciado delata la respuesta');
  if (!v.valida && !problems.length) problems.push(v.motivo);
  return problems;
}

/** A verdict on the shown letters, put back on the letters the writer used. */
function toWritten(v: Verdict, order: number[]): Verdict {
  const back = (l: Letter): Letter => OPTION_LETTERS[order[OPTION_LETTERS.indexOf(l)] ?? -1] ?? l;
  return { ...v, respuesta: back(v.respuesta), opcionesDefendibles: v.opcionesDefendibles.map(back) };
}

/**
 * One call on the verifier model (another family than the writer: model-table.ts) over a batch of
 * questions; answers each question's problems in order. The verifier answers blind: it is sent
 * the stem, the options in a fresh random order and the lesson sentence, never the key, and a
 * question is kept only when its answer is the writer's key, so a wrong key cannot be rubber-stamped.
 */
export async function verifyQuestions(
  model: StructuredModel,
  questions: GeneratedQuestion[],
  shuffle: OptionOrder = randomOrder,
): Promise<{ problems: string[][]; result?: StructuredResult<VerifierOutput> }> {
  if (!questions.length) return { problems: [] };
  const orders = questions.map((q) => shuffle(q.opciones.length));
  const result = await model(verifierSpec, {
    preguntas: questions.map((q, indice) => ({
      indice,
      enunciado: q.enunciado,
      opciones: orders[indice].map((written, shown) => ({ opcion: OPTION_LETTERS[shown], texto: q.opciones[written].texto })),
      fuente: q.fuente,
    })),
  });
  const byIndex = new Map(result.value.veredictos.map((v) => [v.indice, v]));
  return {
    problems: questions.map((q, i) => {
      const v = byIndex.get(i);
      return verdictProblems(q, v && toWritten(v, orders[i]));
    }),
    result,
  };
}
