import type { TutorTurn } from '../contract';
import { matchingQuestions, type PendingQuestion } from './socratic';
import { normalize } from './text-match';

// The hint ladder on a pending evaluation question: the first time the learner asks it, a nudge;
// the second, a hint aimed at the idea the question turns on; from the third, a worked example of
// an analogous case (never the question itself). Counted over the kept conversation, so it survives
// a reload; "¿me das otra pista?" continues the question asked just before.

export type HintStep = 'empujon' | 'pista_dirigida' | 'ejemplo_analogo';
const STEPS: HintStep[] = ['empujon', 'pista_dirigida', 'ejemplo_analogo'];

/** What each step asks of the tutor (prompt) and of the offline writer. */
export const HINT_GUIDANCE: Record<HintStep, string> = {
  empujon: 'un empujón: una pregunta que le haga mirar donde está la clave, sin señalar ninguna opción',
  pista_dirigida: 'una pista dirigida: nombra la idea o el término de la lección del que depende la pregunta y qué dice de él la lección',
  ejemplo_analogo: 'un ejemplo análogo resuelto: un caso distinto pero equivalente, resuelto paso a paso, para que aplique el mismo razonamiento',
};

const FOLLOW_UP = /\b(otra pista|mas pistas?|mas ayuda|otra ayuda|sigo sin|no lo (entiendo|veo|pillo)|ayudame con (esta|esa) pregunta)\b/;

export interface QuestionInFocus {
  question: PendingQuestion;
  step: HintStep;
  /** How many times it was asked before this message. */
  before: number;
}

/** The pending question this message is about, and the ladder's step for it. */
export function questionInFocus(message: string, turns: TutorTurn[], pending: PendingQuestion[]): QuestionInFocus | undefined {
  const learner = turns.filter((t) => t.rol === 'alumno');
  let question = matchingQuestions(message, pending)[0];
  if (!question && FOLLOW_UP.test(normalize(message))) {
    // The question the learner's latest messages are about: follow-ups back to the one that asked it.
    for (const t of [...learner].reverse()) {
      question = matchingQuestions(t.texto, pending)[0];
      if (question || !FOLLOW_UP.test(normalize(t.texto))) break;
    }
  }
  if (!question) return undefined;
  const same = (t: TutorTurn) => matchingQuestions(t.texto, [question]).length > 0 || FOLLOW_UP.test(normalize(t.texto));
  // Consecutive learner messages on this question, newest backwards.
  let before = 0;
  for (const t of [...learner].reverse()) {
    if (!same(t)) break;
    before++;
  }
  return { question, step: STEPS[Math.min(before, STEPS.length - 1)], before };
}
