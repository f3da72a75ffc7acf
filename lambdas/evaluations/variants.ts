import { randomInt, randomUUID } from 'node:crypto';
import { EVALUATION_RULES } from '../contract';
import type { EvaluationItem, EvaluationVariant } from '../courses/course-items';

type Attempts = NonNullable<EvaluationItem['intentos']>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Fisher–Yates with crypto.randomInt: every order equally likely, none predictable. */
export function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Draws the questions of one attempt from the bank: those not in the last attempt first (a retake
 * after a failure sees other questions as far as the bank allows), each with its options reshuffled.
 */
export function drawVariant(e: Pick<EvaluationItem, 'preguntas' | 'version'>, previous: string[] = [], size: number = EVALUATION_RULES.questionsPerAttempt): EvaluationVariant {
  const ids = e.preguntas.map((q) => q.preguntaId);
  const fresh = shuffle(ids.filter((id) => !previous.includes(id)));
  const reused = shuffle(ids.filter((id) => previous.includes(id)));
  const chosen = [...fresh, ...reused].slice(0, Math.min(size, ids.length));
  return {
    id: randomUUID(),
    bankVersion: e.version,
    preguntas: chosen.map((preguntaId) => ({ preguntaId, orden: shuffle([0, 1, 2, 3]) })),
  };
}

/** The variant in force, if it was drawn from the bank as it is now. */
export const currentVariant = (e: EvaluationItem) => (e.variante?.bankVersion === e.version ? e.variante : undefined);

/**
 * Attempts left in a rolling 24 hours, and when the next one frees up. A cap per module keeps a
 * learner from enumerating the bank by brute force: each failed attempt says which questions were wrong.
 */
export function allowance(intentos: Attempts = [], now = Date.now()) {
  const recent = intentos.map((i) => Date.parse(i.fecha)).filter((t) => now - t < DAY_MS).sort((a, b) => a - b);
  const restantes = Math.max(0, EVALUATION_RULES.attemptsPerDay - recent.length);
  const proximo = restantes ? undefined : new Date(recent[recent.length - EVALUATION_RULES.attemptsPerDay] + DAY_MS).toISOString();
  return { restantes, proximo };
}
