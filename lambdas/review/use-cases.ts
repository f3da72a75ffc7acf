import { CUMULATIVE_PER_SESSION, NEW_CARDS_PER_DAY, isReviewCardId, type Calificacion, type DueCards, type RatedCard, type ReviewReveal, type ReviewSolution, type ReviewSummary } from '../contract';
import { conflict, notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import { STREAK_WINDOW_DAYS, progressOf } from './activity';
import type { CardStore } from './card-store';
import { isLocked, keyWaitsForPass, lockedSolution, publicCard, solutionOf, type CardItem } from './cards';
import type { EvidencePort } from './evidence';
import type { ModulePassed } from './module-pass';
import { reschedule } from './scheduling';
import { answerOf, fingerprintOf, type ReplayStore } from './replays';
import { planSession } from './session';

// The review screen's use cases. Every card is read by the caller's own partition key, so another
// learner's card id addresses nothing and answers 404 without a hint that it exists. An
// evaluation card shows its key only once its module is passed (issue 20).

export interface ReviewDeps {
  cards: CardStore;
  now: () => Date;
  passed: ModulePassed;
  /** Issue 32: a rating of a card that names its objective is evidence for the learner model. */
  evidence?: EvidencePort;
  /** Issue 44: the outbox's replays of a keyed rating answer the first answer (replays.ts). */
  replays?: ReplayStore;
}

const NOT_FOUND = 'No encontramos esa tarjeta de repaso.';

export interface DueQuery {
  courseId?: string;
  /** A module's review (with `courseId`): cumulative over earlier modules. */
  moduleId?: string;
  limite?: number;
}

/** Cards made before issue 20 carry a derived id that no route addresses any more: left out. */
const addressable = (cards: CardItem[]) => cards.filter((c) => isReviewCardId(c.cardId));

/** Today's session, paced and interleaved (session.ts): 2 reads, plus 1 for a module's earlier cards, in parallel. */
async function session(deps: ReviewDeps, userId: string, now: Date, q: DueQuery = {}) {
  const moduleId = q.courseId ? q.moduleId : undefined;
  const [due, used, earlier] = await Promise.all([
    deps.cards.due(userId, now, q.courseId),
    deps.cards.newToday(userId, now),
    moduleId && q.courseId ? deps.cards.upcoming(userId, now, q.courseId, moduleId, CUMULATIVE_PER_SESSION) : Promise.resolve([]),
  ]);
  return planSession({ due: addressable(due), newAllowance: NEW_CARDS_PER_DAY - used, limite: q.limite, moduleId, earlier: addressable(earlier) });
}

export async function dueCards(deps: ReviewDeps, userId: string, q: DueQuery = {}): Promise<DueCards> {
  const now = deps.now();
  const [s, later] = await Promise.all([session(deps, userId, now, q), deps.cards.nextDue(userId, now)]);
  // New cards held back by today's cap join at the next UTC midnight, when the cap starts again.
  const capReset = s.nuevasEnCola > 0 ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString() : undefined;
  const proximoRepaso = [later, capReset].filter((d): d is string => d !== undefined).sort()[0];
  return { tarjetas: s.tarjetas.map(publicCard), pendientes: s.pendientes, nuevasEnCola: s.nuevasEnCola, ...(proximoRepaso && { proximoRepaso }) };
}

async function ownCard(deps: ReviewDeps, userId: string, cardId: string) {
  const card = isReviewCardId(cardId) ? await deps.cards.get(userId, cardId) : undefined;
  if (!card) throw notFound(NOT_FOUND);
  return card;
}

/** The card's solution, or only where to study while its module is not passed. */
async function solutionFor(deps: ReviewDeps, userId: string, card: CardItem, opcion?: string) {
  const passed = keyWaitsForPass(card) ? await deps.passed(userId, card.courseId, card.moduleId) : true;
  return isLocked(card, passed) ? lockedSolution(card) : solutionOf(card, opcion);
}

/** The answer (and whether the chosen option was right); the schedule does not change until a rating. */
export async function revealCard(deps: ReviewDeps, userId: string, cardId: string, body: ReviewReveal): Promise<ReviewSolution> {
  return solutionFor(deps, userId, await ownCard(deps, userId, cardId), body.opcion);
}

const RATED_ELSEWHERE = 'Esta tarjeta ya se calificó en otra ventana. Vuelve a cargar el repaso.';

/** FSRS reschedules the card from the learner's rating; the review counts towards the goal and the streak. */
export async function rateCard(deps: ReviewDeps, userId: string, cardId: string, calificacion: Calificacion, shown?: number, key?: string): Promise<RatedCard> {
  // The outbox's replay (replays.ts): the card and the key's record in one round trip; a replay answers the first answer.
  const fingerprint = fingerprintOf('POST /review/{cardId}', { cardId, calificacion, shown });
  let [card, replay] = await Promise.all([ownCard(deps, userId, cardId), key ? replaysOf(deps).get(userId, key) : undefined]);
  for (let attempt = 1; ; attempt++) {
    if (replay) return answerOf<RatedCard>(replay, fingerprint);
    if (shown !== undefined && shown !== card.fsrs.reps) throw conflict(RATED_ELSEWHERE);
    const now = deps.now();
    const next = reschedule(card.fsrs, calificacion, now);
    const answer: RatedCard = { tarjeta: publicCard({ ...card, fsrs: next }), proximoRepaso: next.due, solucion: await solutionFor(deps, userId, card) };
    if (await deps.cards.rate(userId, card, next, now, key ? { key, record: { fingerprint, answer } } : undefined)) {
      await ratingEvidence(deps, userId, card, calificacion);
      return answer;
    }
    if (!key || attempt === RATE_ATTEMPTS) throw conflict(RATED_ELSEWHERE);
    // Refused with a key: its twin wrote first (then its answer), another rating counted (then 409, above),
    // or the transactions only collided and nothing changed yet (then this one tries again).
    const reps = card.fsrs.reps;
    [card, replay] = await Promise.all([ownCard(deps, userId, cardId), replaysOf(deps).get(userId, key)]);
    if (!replay && card.fsrs.reps !== reps) throw conflict(RATED_ELSEWHERE);
  }
}

/** Twenty copies of one outbox entry at once collide in DynamoDB's transactions; each tries a few times. */
const RATE_ATTEMPTS = 5;

/** "Otra vez" is a miss, any other rating a recall (BKT observes right or wrong). Best effort: the rating stands. */
async function ratingEvidence(deps: ReviewDeps, userId: string, card: CardItem, calificacion: Calificacion) {
  if (!card.objetivo) return;
  await deps.evidence?.record(userId, card.courseId, [{ objetivo: card.objetivo, acierto: calificacion === 'otra_vez' ? 0 : 1, fuente: 'repaso', item: card.claveOrigen }])
    .catch((error: unknown) => logger.warn('review rating: learner model not updated', { error: error as Error }));
}

const replaysOf = (deps: ReviewDeps) => {
  if (!deps.replays) throw new Error('a keyed rating needs the replay store');
  return deps.replays;
};

export async function reviewSummary(deps: ReviewDeps, userId: string, timeZone = 'UTC'): Promise<ReviewSummary> {
  const now = deps.now();
  const since = new Date(now.getTime() - STREAK_WINDOW_DAYS * 86_400_000);
  const [s, buckets] = await Promise.all([session(deps, userId, now), deps.cards.activitySince(userId, since)]);
  return { pendientes: s.pendientes, ...progressOf(buckets, now, timeZone), zonaHoraria: timeZone };
}
