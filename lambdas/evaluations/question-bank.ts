import { questionProblems, normalise, toBankQuestion } from '../shared/ai/evaluation-checks';
import { ModelError } from '../shared/ai/model-errors';
import { prompts } from '../shared/ai/prompts';
import type { BankQuestion, GeneratedQuestion } from '../shared/ai/schemas';
import type { StructuredModel, StructuredResult } from '../shared/ai/structured-output';
import { verifyQuestions } from '../shared/ai/verifier';

/** Questions asked of the model per module, and the fewest a bank may keep after the checks. */
export const BANK_REQUEST = 14;
export const BANK_MIN = 10;

export interface BankInput {
  curso: { topic: string; level: string; titulo: string };
  modulo: { titulo: string; descripcion: string; objetivos?: string[] };
  /** The module's written lessons: the only material questions may rest on. */
  lecciones: { lessonId: string; titulo: string; contenido: string }[];
}
interface Rejected { pregunta: GeneratedQuestion; problemas: string[] }
export interface Call { purpose: 'evaluation' | 'verifier'; result: StructuredResult<unknown> }

/** Code checks first (free), then one verifier call over the questions code let through. */
async function review(model: StructuredModel, questions: GeneratedQuestion[], lessons: Record<string, string>, calls: Call[]) {
  const coded = questions.map((q) => ({ q, problems: questionProblems(q, lessons) }));
  const candidates = coded.filter((c) => !c.problems.length).map((c) => c.q);
  const verified = await verifyQuestions(model, candidates);
  if (verified.result) calls.push({ purpose: 'verifier', result: verified.result });
  const accepted = candidates.filter((_, i) => !verified.problems[i].length);
  const rejected: Rejected[] = [
    ...coded.filter((c) => c.problems.length).map((c) => ({ pregunta: c.q, problemas: c.problems })),
    ...candidates.flatMap((q, i) => (verified.problems[i].length ? [{ pregunta: q, problemas: verified.problems[i] }] : [])),
  ];
  return { accepted, rejected };
}

/**
 * Writes a module's question bank from its lessons' text: generate, check, verify; every refused
 * question is rewritten once and checked again, or dropped. Nothing refused is ever stored.
 * Answers the bank (keys placed by crypto.randomInt) and every model call made, for the spend.
 */
export async function buildQuestionBank(model: StructuredModel, input: BankInput) {
  const lessons = Object.fromEntries(input.lecciones.map((l) => [l.lessonId, l.contenido]));
  const calls: Call[] = [];
  const data = { ...input, preguntas: BANK_REQUEST };
  const first = await model(prompts.evaluation, data);
  calls.push({ purpose: 'evaluation', result: first });
  const round1 = await review(model, first.value.preguntas, lessons, calls);
  let accepted = round1.accepted;
  const rejected = round1.rejected;
  if (rejected.length) {
    const rewrite = await model(prompts.evaluation, { ...data, preguntas: rejected.length, reescribir: rejected });
    calls.push({ purpose: 'evaluation', result: rewrite });
    const round2 = await review(model, rewrite.value.preguntas.slice(0, rejected.length), lessons, calls);
    accepted = [...accepted, ...round2.accepted];
  }
  const seen = new Set<string>();
  const unique = accepted.filter((q) => !seen.has(normalise(q.enunciado)) && seen.add(normalise(q.enunciado)));
  if (unique.length < BANK_MIN) {
    throw new ModelError('InvalidModelOutput', `Solo ${unique.length} preguntas superaron las comprobaciones; hacen falta ${BANK_MIN}`);
  }
  const preguntas: BankQuestion[] = unique.map((q, i) => toBankQuestion(q, `p${i + 1}`, lessons[q.lessonId]));
  return { preguntas, calls };
}
