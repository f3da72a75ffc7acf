import { REVIEW_PAGE } from '../../../lambdas/contract';
import type { CardStore } from '../../../lambdas/review/card-store';
import type { CardItem } from '../../../lambdas/review/cards';
import { newCardState } from '../../../lambdas/review/scheduling';
import { dueCards, rateCard, revealCard } from '../../../lambdas/review/use-cases';

const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const card = (n: number, due: string): CardItem => ({
  cardId: `${COURSE}.m01.p${n}`,
  courseId: COURSE,
  moduleId: 'm01',
  tipo: 'opcion_multiple',
  origen: 'Evaluación: Variables',
  enunciado: `Pregunta ${n}`,
  opciones: ['a', 'b', 'c', 'd'],
  correcta: 'B',
  explicacion: 'Porque sí.',
  fsrs: { ...newCardState(new Date('2026-11-01T00:00:00Z')), due },
  createdAt: '2026-11-01T00:00:00Z',
});

/** An in-memory card store holding one learner's cards. */
function fakeStore(cards: CardItem[]): CardStore & { rated: string[] } {
  const rated: string[] = [];
  return {
    rated,
    addCards: () => Promise.resolve(0),
    due: (_u, now) => Promise.resolve(cards.filter((c) => c.fsrs.due <= now.toISOString())),
    get: (userId, cardId) => Promise.resolve(userId === 'ana' ? cards.find((c) => c.cardId === cardId) : undefined),
    rate: (_u, c) => Promise.resolve(rated.push(c.cardId) > 0),
    addActivity: () => Promise.resolve(),
    activitySince: () => Promise.resolve([]),
  };
}

const now = () => new Date('2026-11-23T12:00:00Z');

it('answers due cards oldest first, at most a page, and counts them all', async () => {
  const cards = Array.from({ length: REVIEW_PAGE + 3 }, (_, i) => card(i + 1, new Date(Date.UTC(2026, 10, 22, 0, 0) - i * 60_000).toISOString()));
  cards.push(card(99, '2026-11-24T00:00:00.000Z'));
  const { tarjetas, pendientes } = await dueCards({ cards: fakeStore(cards), now }, 'ana');
  expect(pendientes).toBe(REVIEW_PAGE + 3);
  expect(tarjetas).toHaveLength(REVIEW_PAGE);
  expect(tarjetas[0].cardId).toBe(`${COURSE}.m01.p${REVIEW_PAGE + 3}`);
  expect(tarjetas.map((t) => t.vence)).toEqual([...tarjetas.map((t) => t.vence)].sort());
});

it("answers 404 for another learner's card or a malformed id, and rates only the caller's own", async () => {
  const store = fakeStore([card(1, '2026-11-22T00:00:00.000Z')]);
  const deps = { cards: store, now };
  await expect(revealCard(deps, 'bea', `${COURSE}.m01.p1`, {})).rejects.toMatchObject({ status: 404, message: 'No encontramos esa tarjeta de repaso.' });
  await expect(rateCard(deps, 'ana', 'REVIEW#x', 'bien')).rejects.toMatchObject({ status: 404 });
  const rated = await rateCard(deps, 'ana', `${COURSE}.m01.p1`, 'bien');
  expect(rated.tarjeta.repasos).toBe(1);
  expect(store.rated).toEqual([`${COURSE}.m01.p1`]);
});
