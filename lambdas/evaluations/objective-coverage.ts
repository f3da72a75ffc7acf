import { randomInt } from 'node:crypto';
import { isAboveRecall, OBJECTIVE_RULES } from '../contract';
import type { BankQuestion } from '../shared/ai/schemas';

// Which questions an attempt draws (issue 32): every objective the pool can cover, at least
// OBJECTIVE_RULES.minAboveRecall of them above 'recordar' when the pool has them, the rest spread
// evenly over the objectives; random (crypto.randomInt) within those rules. Pure.

/** The objective a question measures; a question from before objectives were data measures its lesson's (contract/objectives.ts). */
export const coverageKey = (q: Pick<BankQuestion, 'objetivoId' | 'lessonId' | 'preguntaId'>) => q.objetivoId ?? (q.lessonId ? `leccion:${q.lessonId}` : q.preguntaId);

/** A uniform integer in [0, n): crypto.randomInt but in the learning bench, which seeds it (variants.ts `RandomInt`). */
type RandomInt = (n: number) => number;

const shuffled = <T>(items: readonly T[], random: RandomInt): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/** `size` question ids from `pool` (all of it when smaller), covering every objective first. */
export function coverageDraw(pool: readonly BankQuestion[], size: number, random: RandomInt = randomInt): string[] {
  const groups = new Map<string, BankQuestion[]>();
  for (const q of shuffled(pool, random)) groups.set(coverageKey(q), [...(groups.get(coverageKey(q)) ?? []), q]);
  const picks = new Map<string, BankQuestion[]>([...groups.keys()].map((k) => [k, []]));
  const needAbove = Math.ceil(size * OBJECTIVE_RULES.minAboveRecall);
  let total = 0;
  let above = 0;
  const take = (key: string, prefer: (q: BankQuestion) => boolean): boolean => {
    const left = groups.get(key) ?? [];
    const i = left.findIndex(prefer);
    if (i < 0) return false;
    const [q] = left.splice(i, 1);
    picks.get(key)?.push(q);
    total++;
    if (isAboveRecall(q.bloom)) above++;
    return true;
  };
  // The objective with the fewest picks that still has a question `prefer` accepts.
  const neediest = (prefer: (q: BankQuestion) => boolean) =>
    shuffled([...groups.keys()], random).filter((k) => groups.get(k)?.some(prefer)).sort((a, b) => (picks.get(a)?.length ?? 0) - (picks.get(b)?.length ?? 0))[0];
  const aboveRecall = (q: BankQuestion) => isAboveRecall(q.bloom);
  const any = () => true;
  // 1. One question per objective, above recall where it has one.
  for (const key of shuffled([...groups.keys()], random)) {
    if (total < size && !take(key, aboveRecall)) take(key, any);
  }
  // 2. Enough above recall. 3. The rest, evenly.
  for (let key = neediest(aboveRecall); total < size && above < needAbove && key; key = neediest(aboveRecall)) take(key, aboveRecall);
  for (let key = neediest(any); total < size && key; key = neediest(any)) take(key, any);
  return shuffled([...picks.values()].flat(), random).map((q) => q.preguntaId);
}
