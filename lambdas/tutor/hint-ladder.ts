import type { TutorTurn } from '../contract';
import { matchingQuestions, type PendingQuestion } from './socratic';
import { contentWords, normalize } from './text-match';

// The hint ladder on a pending evaluation question (issue 32 item 7: a tutor that makes the learner
// think). Hints climb on what the learner writes, not on how many times they ask: asked for the
// answer, the tutor first asks for the learner's attempt; each message that shows their reasoning
// (an option chosen and why, a step tried, an idea of the lesson applied) climbs one step — a
// nudge, a hint aimed at the idea the question turns on, then a worked example of an analogous case
// (never the question itself). "¿Me das otra pista?" with no reasoning stays where it is and asks
// for it again. Counted over the kept conversation, so it survives a reload.

export type HintStep = 'pide_intento' | 'empujon' | 'pista_dirigida' | 'ejemplo_analogo';
const CLIMB: HintStep[] = ['empujon', 'pista_dirigida', 'ejemplo_analogo'];

/** What each step asks of the tutor (prompt) and of the offline writer. */
export const HINT_GUIDANCE: Record<HintStep, string> = {
  pide_intento:
    'pide primero su intento, sin dar ninguna pista todavía: qué opción elegiría y por qué, o qué ha probado; dile que con su razonamiento le ayudarás mejor',
  empujon: 'un empujón sobre su razonamiento: una pregunta que le haga mirar donde está la clave, sin señalar ninguna opción',
  pista_dirigida: 'una pista dirigida a lo que escribió: nombra la idea o el término de la lección del que depende la pregunta y qué dice de él la lección',
  ejemplo_analogo: 'un ejemplo análogo resuelto: un caso distinto pero equivalente, resuelto paso a paso, para que aplique el mismo razonamiento',
};

const FOLLOW_UP = /\b(otra pista|mas pistas?|mas ayuda|otra ayuda|sigo sin|no lo (entiendo|veo|pillo)|ayudame con (esta|esa) pregunta|dime la respuesta|cual es la (respuesta|correcta))\b/;

/** Words of a learner explaining a choice or a step (accents and case aside). */
const REASONING = /\b(creo|pienso|supongo|porque|ya que|seria|elegiria|elijo|escogeria|mi respuesta|he (probado|intentado|pensado)|intente|probe|me parece|deberia|descarto|entonces|por eso|primero|calcule|la opcion [abcd]|la [abcd] (es|porque|seria))\b/;
/** Content words beyond the question's that make a message an attempt on their own. */
const OWN_WORDS = 8;

/** Whether a learner's message on `question` shows their own reasoning (not only the question or a plea). */
export function showsReasoning(text: string, question: PendingQuestion): boolean {
  const plain = normalize(text);
  if (REASONING.test(plain)) return true;
  const asked = contentWords([question.enunciado, ...question.opciones].join(' '));
  return [...contentWords(text)].filter((w) => !asked.has(w)).length >= OWN_WORDS;
}

export interface QuestionInFocus {
  question: PendingQuestion;
  step: HintStep;
  /** How many times it was asked before this message. */
  before: number;
  /** Messages on it (this one included) that showed the learner's reasoning: what the ladder climbs on. */
  intentos: number;
}

/** The pending question this message is about, and the ladder's step for it. */
export function questionInFocus(message: string, turns: TutorTurn[], pending: PendingQuestion[]): QuestionInFocus | undefined {
  const learner = turns.filter((t) => t.rol === 'alumno');
  let question: PendingQuestion | undefined = matchingQuestions(message, pending)[0];
  const followsUp = (text: string) => FOLLOW_UP.test(normalize(text));
  if (!question) {
    // A follow-up, or an attempt with no words of the question: back to the question the learner's latest messages are about.
    for (const t of [...learner].reverse()) {
      question = matchingQuestions(t.texto, pending)[0];
      if (question) break;
      if (!followsUp(t.texto) && !REASONING.test(normalize(t.texto))) break;
    }
    if (question && !followsUp(message) && !REASONING.test(normalize(message))) question = undefined;
  }
  if (!question) return undefined;
  const focus = question;
  const same = (t: TutorTurn) => matchingQuestions(t.texto, [focus]).length > 0 || followsUp(t.texto) || REASONING.test(normalize(t.texto));
  // Consecutive learner messages on this question, newest backwards.
  const earlier: string[] = [];
  for (const t of [...learner].reverse()) {
    if (!same(t)) break;
    earlier.push(t.texto);
  }
  const intentos = [message, ...earlier].filter((text) => showsReasoning(text, focus)).length;
  const step = intentos === 0 ? 'pide_intento' : CLIMB[Math.min(intentos - 1, CLIMB.length - 1)];
  return { question: focus, step, before: earlier.length, intentos };
}
