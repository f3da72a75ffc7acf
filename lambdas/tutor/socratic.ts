import { TUTOR_SYSTEM_CANARY } from '../shared/ai/prompts/tutor';
import { containsText, contentWords, coverage, normalize } from './text-match';

// The tutor's rule on evaluations the learner has not passed yet: hints, never the answer.
// The model is told which questions are pending; this file checks, in code, that it obeyed.

export interface PendingQuestion {
  moduleId: string;
  moduleTitle: string;
  preguntaId: string;
  enunciado: string;
  opciones: string[];
  /** The answer key: stays on the server, never sent to the model or the learner. */
  correcta: 'A' | 'B' | 'C' | 'D';
  /** Titles of the module's lessons, where the hints point. */
  lecciones: string[];
}

const LETTERS = ['A', 'B', 'C', 'D'] as const;
/** Share of a question's meaningful words a message must contain to count as asking it. */
const MATCH_THRESHOLD = 0.6;

/** The pending questions a learner's message is asking, best match first. */
export function matchingQuestions(message: string, pending: PendingQuestion[]): PendingQuestion[] {
  const words = contentWords(message);
  return pending
    .map((q) => {
      const stem = coverage(words, contentWords(q.enunciado));
      // Pasting two or more of a question's options is also asking it.
      const pasted = q.opciones.filter((o) => normalize(o).length > 3 && containsText(message, o)).length;
      return { q, score: pasted >= 2 ? 1 : stem };
    })
    .filter((m) => m.score >= MATCH_THRESHOLD)
    .sort((a, b) => b.score - a.score)
    .map((m) => m.q);
}

const correctText = (q: PendingQuestion) => q.opciones[LETTERS.indexOf(q.correcta)] ?? '';

/**
 * Whether a reply gives away a pending question's answer: it states the correct option's text
 * (long enough to be specific), or, for a question the learner asked, names the correct letter.
 */
export function revealsAnswer(reply: string, q: PendingQuestion, asked: boolean): boolean {
  const text = correctText(q);
  if (normalize(text).length >= 12 && containsText(reply, text)) return true;
  if (!asked) return false;
  const letter = q.correcta;
  const statesLetter = new RegExp(
    `(respuesta|opci[oó]n)\\s+(correcta\\s+)?(es\\s+)?(la\\s+)?(opci[oó]n\\s+)?[("«*]*${letter}\\b|\\b${letter}\\s*[).:]\\s*${escape(text.slice(0, 20))}`,
    'i',
  );
  return statesLetter.test(reply);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a reply quotes the tutor's confidential instructions. */
export const revealsInstructions = (reply: string) => containsText(reply, TUTOR_SYSTEM_CANARY);

/** The answer written in code when the model gave the answer away twice: hints only. */
export function hintOnlyAnswer(questions: PendingQuestion[]): string {
  const q = questions[0];
  const lessons = q?.lecciones.length ? q.lecciones.map((l) => `- «${l}»`).join('\n') : '- las lecciones de este módulo';
  return [
    `Esta pregunta forma parte de la evaluación del módulo **${q?.moduleTitle ?? 'actual'}**, que todavía no has aprobado, ` +
    'así que no te voy a dar la respuesta: quiero que llegues tú a ella.',
    '',
    '**Pistas para razonarla:**',
    '',
    '1. Relee con calma el enunciado y subraya la idea clave que pregunta.',
    '2. Repasa estas lecciones, donde se explica:',
    lessons,
    '3. Para cada opción, pregúntate si la lección la presenta como idea central, como caso excepcional o como error frecuente.',
    '',
    '¿Qué opción eliges tú y por qué? Cuéntame tu razonamiento y lo revisamos juntos.',
  ].join('\n');
}
