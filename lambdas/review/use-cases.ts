import { REVIEW_PAGE, isReviewCardId, type Calificacion, type PublicReviewCard, type ReviewReveal, type ReviewSolution, type ReviewSummary } from '../contract';
import { conflict, notFound } from '../shared/errors';
import { STREAK_WINDOW_DAYS, progressOf } from './activity';
import type { CardStore } from './card-store';
import { isLocked, lockedSolution, publicCard, solutionOf, type CardItem } from './cards';
import type { ModulePassed } from './module-pass';
import { reschedule } from './scheduling';

// The review screen's use cases. Every card is read by the caller's own partition key, so another
// learner's card id addresses nothing and answers 404 without a hint that it exists. An
// evaluation card shows its key only once its module is passed (issue 20).

export interface ReviewDeps {
  cards: CardStore;
  now: () => Date;
  passed: ModulePassed;
}

const NOT_FOUND = 'No encontramos esa tarjeta de repaso.';

const byDue = (a: CardItem, b: CardItem) => a.fsrs.due.localeCompare(b.fsrs.due) || a.cardId.localeCompare(b.cardId);

export async function dueCards(deps: ReviewDeps, userId: string, courseId?: string): Promise<{ tarjetas: PublicReviewCard[]; pendientes: number }> {
  // Cards made before issue 20 carry a derived id that no route addresses any more: left out.
  const due = (await deps.cards.due(userId, deps.now(), courseId)).filter((c) => isReviewCardId(c.cardId)).sort(byDue);
  return { tarjetas: due.slice(0, REVIEW_PAGE).map(publicCard), pendientes: due.length };
}

async function ownCard(deps: ReviewDeps, userId: string, cardId: string) {
  const card = isReviewCardId(cardId) ? await deps.cards.get(userId, cardId) : undefined;
  if (!card) throw notFound(NOT_FOUND);
  return card;
}

/** The card's solution, or only where to study while its module is not passed. */
async function solutionFor(deps: ReviewDeps, userId: string, card: CardItem, opcion?: string) {
  const passed = card.tipo === 'opcion_multiple' ? await deps.passed(userId, card.courseId, card.moduleId) : true;
  return isLocked(card, passed) ? lockedSolution(card) : solutionOf(card, opcion);
}

/** The answer (and whether the chosen option was right); the schedule does not change until a rating. */
export async function revealCard(deps: ReviewDeps, userId: string, cardId: string, body: ReviewReveal): Promise<ReviewSolution> {
  return solutionFor(deps, userId, await ownCard(deps, userId, cardId), body.opcion);
}

/** FSRS reschedules the card from the learner's rating; the review counts towards the goal and the streak. */
export async function rateCard(deps: ReviewDeps, userId: string, cardId: string, calificacion: Calificacion) {
  const card = await ownCard(deps, userId, cardId);
  const now = deps.now();
  const next = reschedule(card.fsrs, calificacion, now);
  if (!(await deps.cards.rate(userId, card, next, now))) throw conflict('Esta tarjeta ya se calificó en otra ventana. Vuelve a cargar el repaso.');
  const updated: CardItem = { ...card, fsrs: next };
  return { tarjeta: publicCard(updated), proximoRepaso: next.due, solucion: await solutionFor(deps, userId, card) };
}

export async function reviewSummary(deps: ReviewDeps, userId: string, timeZone = 'UTC'): Promise<ReviewSummary> {
  const now = deps.now();
  const since = new Date(now.getTime() - STREAK_WINDOW_DAYS * 86_400_000);
  const [due, buckets] = await Promise.all([deps.cards.due(userId, now), deps.cards.activitySince(userId, since)]);
  return { pendientes: due.filter((c) => isReviewCardId(c.cardId)).length, ...progressOf(buckets, now, timeZone), zonaHoraria: timeZone };
}
