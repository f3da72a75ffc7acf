import { randomInt, randomUUID } from 'node:crypto';
import { EVALUATION_RULES } from '../contract';
import type { EvaluationItem, EvaluationVariant } from '../course-model';
import { coverageDraw } from './objective-coverage';

type Attempts = NonNullable<EvaluationItem['intentos']>;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A uniform integer in [0, n). The product draws with crypto.randomInt (no order predictable); only
 * the learning bench passes a seeded one, so that a seed gives the same run twice (issue 41).
 */
export type RandomInt = (n: number) => number;

/** Fisher–Yates with crypto.randomInt: every order equally likely, none predictable. */
export function shuffle<T>(items: readonly T[], random: RandomInt = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Every question this learner has met in a graded attempt of the module. A failed attempt says
 * which were wrong, so a right answer tells its key and a wrong one eliminates an option: none of
 * them is ever drawn again for this learner (issue 20, docs/evaluations.md).
 */
export const seenQuestions = (intentos: Attempts = []) => new Set(intentos.flatMap((i) => i.preguntas ?? Object.keys(i.respuestas ?? {})));

/** The bank's questions a graded attempt may still use: never seen by this learner, not withdrawn. */
export const unseenPool = (e: Pick<EvaluationItem, 'preguntas' | 'intentos'>, seen = seenQuestions(e.intentos)) =>
  e.preguntas.filter((q) => !q.retirada && !seen.has(q.preguntaId));

/**
 * Draws the questions of one attempt among those the learner has never met, each with its options
 * shuffled; undefined when too few are left (the bank is topped up by a model job first). `random`
 * is crypto.randomInt everywhere but in the learning bench (scripts/bench/learners/run.ts).
 */
export function drawVariant(
  e: Pick<EvaluationItem, 'preguntas' | 'version' | 'intentos'>,
  seen: ReadonlySet<string> = seenQuestions(e.intentos),
  size: number = EVALUATION_RULES.questionsPerAttempt,
  random: RandomInt = randomInt,
): EvaluationVariant | undefined {
  const pool = e.preguntas.filter((q) => !q.retirada && !seen.has(q.preguntaId));
  if (pool.length < size) return undefined;
  return {
    id: randomUUID(),
    bankVersion: e.version,
    // Issue 32: every objective covered, at least half above 'recordar' (objective-coverage.ts).
    preguntas: coverageDraw(pool, size, random).map((preguntaId) => ({ preguntaId, orden: shuffle([0, 1, 2, 3], random) })),
  };
}

/** The variant in force (lambdas/course-model, where the tutor reads it too). */
export { currentVariant } from '../course-model';

/**
 * Attempts left in a rolling 24 hours, and when the next one frees up. A cap per module bounds
 * what guessing can try: EVALUATION_RULES sizes it so a day's attempts pass by luck with p < 10⁻⁶.
 */
export function allowance(intentos: Attempts = [], now = Date.now()) {
  const recent = intentos.map((i) => Date.parse(i.fecha)).filter((t) => now - t < DAY_MS).sort((a, b) => a - b);
  const restantes = Math.max(0, EVALUATION_RULES.attemptsPerDay - recent.length);
  const proximo = restantes ? undefined : new Date(recent[recent.length - EVALUATION_RULES.attemptsPerDay] + DAY_MS).toISOString();
  return { restantes, proximo };
}
