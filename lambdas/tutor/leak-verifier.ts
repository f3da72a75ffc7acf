import { tutorLeakPrompt } from '../shared/ai/prompts/tutor';
import type { StructuredModel } from '../shared/ai/structured-output';
import { logger } from '../shared/logger';
import { stems } from './passages';
import type { PendingQuestion } from './socratic';
import { coverage } from './text-match';

// The leak guard's second opinion: the literal checks (socratic.ts) catch the correct option's
// text and its letter; a paraphrase ("la que habla de dividir el encuadre en nueve partes") needs a
// reader. The tutor's own model (purpose "tutor", Nova Lite) is asked whether the reply reveals which
// option is correct for any of the pending questions at hand: not the question verifier's model, whose
// other-family price (Claude Haiku 4.5) made this check 90 % of a tutor message's cost. It is never sent the answer key: a
// reply that singles out any option is a leak, right or wrong.

/** Questions one verifier call looks at: the one asked and the module's, first. */
export const MAX_VERIFIED = 15;
/** Share of a question's words a reply must share before a verifier call is worth its cost. */
const CONCERN_THRESHOLD = 0.25;
const LETTERS = ['A', 'B', 'C', 'D'];

/** Whether the reply talks about what one of the questions asks (otherwise no call is made). */
export const mayConcern = (reply: string, questions: PendingQuestion[]) => {
  const words = stems(reply);
  return questions.some((q) => coverage(words, stems(`${q.enunciado} ${q.opciones.join(' ')}`)) >= CONCERN_THRESHOLD);
};

/** The questions whose answer the verifier says the reply gives away (none when it cannot tell). */
export async function verifierLeaks(model: StructuredModel, reply: string, questions: PendingQuestion[]): Promise<PendingQuestion[]> {
  const qs = questions.slice(0, MAX_VERIFIED);
  if (!qs.length || !mayConcern(reply, qs)) return [];
  try {
    const { value } = await model(tutorLeakPrompt, {
      respuesta: reply,
      preguntas: qs.map((q, i) => ({ n: i + 1, enunciado: q.enunciado, opciones: q.opciones.map((o, j) => `${LETTERS[j]}) ${o}`) })),
    });
    if (!value.revela) return [];
    const named = value.preguntas.map((n) => qs[n - 1]).filter((q): q is PendingQuestion => Boolean(q));
    return named.length ? named : qs.slice(0, 1);
  } catch (error) {
    // The literal checks still ran; a verifier outage must not take the tutor down with it.
    logger.warn('tutor leak verifier unavailable; literal checks only', { error: error as Error });
    return [];
  }
}
