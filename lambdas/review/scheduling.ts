import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import type { Calificacion } from '../contract';

// FSRS (ts-fsrs) decides when a card comes back. Short-term learning steps are off: the review
// screen is a daily session, so even "otra vez" brings a card back the next day, not in a minute.
// Fuzz is off so the schedule is a pure function of the ratings (tests and support can follow it).

const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

export const RATINGS: Record<Calificacion, Grade> = {
  otra_vez: Rating.Again,
  dificil: Rating.Hard,
  bien: Rating.Good,
  facil: Rating.Easy,
};

/** The FSRS state as stored on the card item (dates as ISO strings). */
export interface StoredFsrs {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const toStored = (c: Card): StoredFsrs => ({
  due: c.due.toISOString(),
  stability: c.stability,
  difficulty: c.difficulty,
  elapsed_days: c.elapsed_days,
  scheduled_days: c.scheduled_days,
  learning_steps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  ...(c.last_review && { last_review: c.last_review.toISOString() }),
});

const toCard = (s: StoredFsrs): Card => ({
  ...s,
  due: new Date(s.due),
  last_review: s.last_review ? new Date(s.last_review) : undefined,
});

/**
 * A new card is first due a day after it is made: the learner has just seen the question (and,
 * for an evaluation, which ones were wrong), so bringing it back at once would test short-term memory.
 */
export const newCardState = (now: Date): StoredFsrs => ({ ...toStored(createEmptyCard(now)), due: new Date(now.getTime() + DAY_MS).toISOString() });

/** The card's next state after the learner rates how well they remembered it. */
export const reschedule = (state: StoredFsrs, calificacion: Calificacion, now: Date): StoredFsrs =>
  toStored(scheduler.next(toCard(state), now, RATINGS[calificacion]).card);

/**
 * A card whose question the learner has just answered (an open answer graded, a practice item):
 * the answer is its first review, rated from how it went, so a wrong answer comes back tomorrow
 * and a right one later (issue 32 item 6: every item answered enters review).
 */
export const answeredState = (calificacion: Calificacion, now: Date): StoredFsrs => reschedule(toStored(createEmptyCard(now)), calificacion, now);
