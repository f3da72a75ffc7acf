import { CUMULATIVE_PER_SESSION, NEW_CARDS_PER_DAY, REVIEW_PAGE } from '../contract';
import type { CardItem } from './cards';

// Which cards a review session shows, and in what order (issue 32 item 6, issue 34 item 4):
// - paced: at most NEW_CARDS_PER_DAY never-reviewed cards join per day (oldest first); the rest wait
//   in a queue, so failing 20 questions does not bring 20 new cards tomorrow. Cards already in review
//   are never held back: FSRS chose their day.
// - interleaved: consecutive cards come from different courses, modules or objectives whenever the
//   due list allows (interleaving, g ≈ 0.4), oldest due first within that rule;
// - cumulative: a module's review brings its cards, earlier modules' due cards and up to
//   CUMULATIVE_PER_SESSION of earlier modules' cards not due yet (soonest first);
// - never the same question twice in a row: one card per question text in a session.

export interface SessionInput {
  due: CardItem[];
  /** New cards that may still join today (NEW_CARDS_PER_DAY minus those rated today). */
  newAllowance: number;
  limite?: number;
  moduleId?: string;
  /** A module's review: earlier modules' cards not due yet, soonest first. */
  earlier?: CardItem[];
}

export interface Session {
  tarjetas: CardItem[];
  pendientes: number;
  nuevasEnCola: number;
}

const byDue = (a: CardItem, b: CardItem) => a.fsrs.due.localeCompare(b.fsrs.due) || a.cardId.localeCompare(b.cardId);
const isNew = (c: CardItem) => c.fsrs.reps === 0;
/** What a card practises: its objective when it names one, else its lesson, else its module. */
const topicOf = (c: CardItem & { objetivo?: string }) => `${c.courseId}|${c.moduleId}|${c.objetivo ?? c.lessonId ?? ''}`;
const sameQuestion = (a: CardItem, b: CardItem) => a.enunciado.trim().toLocaleLowerCase('es') === b.enunciado.trim().toLocaleLowerCase('es');

/** Reorders `cards` (oldest due first) so neighbours differ in course, then module, then objective, when possible. */
export function interleave(cards: CardItem[]): CardItem[] {
  const left = [...cards];
  const out: CardItem[] = [];
  while (left.length) {
    const last = out.at(-1);
    const differs = (test: (c: CardItem) => boolean) => (last ? left.findIndex(test) : 0);
    let i = last ? differs((c) => c.courseId !== last.courseId) : 0;
    if (i < 0 && last) i = differs((c) => c.moduleId !== last.moduleId);
    if (i < 0 && last) i = differs((c) => topicOf(c) !== topicOf(last));
    if (i < 0) i = 0;
    out.push(...left.splice(i, 1));
  }
  return out;
}

export function planSession({ due, newAllowance, limite = REVIEW_PAGE, moduleId, earlier = [] }: SessionInput): Session {
  const inScope = moduleId ? due.filter((c) => c.moduleId <= moduleId) : due;
  const sorted = [...inScope].sort(byDue);
  const fresh = sorted.filter(isNew);
  const allowed = new Set(fresh.slice(0, Math.max(0, Math.min(newAllowance, NEW_CARDS_PER_DAY))));
  const eligible = sorted.filter((c) => !isNew(c) || allowed.has(c));
  const extra = moduleId ? earlier.filter((c) => c.moduleId < moduleId && !eligible.some((e) => e.cardId === c.cardId)).slice(0, CUMULATIVE_PER_SESSION) : [];
  const unique: CardItem[] = [];
  for (const c of [...eligible, ...extra]) if (!unique.some((u) => sameQuestion(u, c))) unique.push(c);
  return { tarjetas: interleave(unique).slice(0, limite), pendientes: unique.length, nuevasEnCola: fresh.length - allowed.size };
}
