import { randomUUID } from 'node:crypto';
import { REVIEW_PAGE } from '../../../lambdas/contract';
import type { CardStore } from '../../../lambdas/review/card-store';
import { cardFromPractice, type CardItem } from '../../../lambdas/review/cards';
import { newCardState } from '../../../lambdas/review/scheduling';
import { dueCards, rateCard, revealCard } from '../../../lambdas/review/use-cases';

const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const ids = new Map<number, string>();
const idOf = (n: number) => ids.get(n) ?? (ids.set(n, randomUUID()), ids.get(n)!);
const card = (n: number, due: string, over: Partial<CardItem> = {}): CardItem => ({
  cardId: idOf(n),
  claveOrigen: `${COURSE}.m01.p${n}`,
  courseId: COURSE,
  moduleId: 'm01',
  lessonId: 'l02',
  leccion: 'Bucles',
  seccion: 'El bucle for',
  tipo: 'opcion_multiple',
  origen: 'Evaluación: Variables',
  enunciado: `Pregunta ${n}`,
  opciones: ['a', 'b', 'c', 'd'],
  correcta: 'B',
  explicaciones: ['no a', 'sí b', 'no c', 'no d'],
  explicacion: 'Porque sí.',
  fsrs: { ...newCardState(new Date('2026-11-01T00:00:00Z')), due },
  createdAt: '2026-11-01T00:00:00Z',
  ...over,
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
    newToday: () => Promise.resolve(0),
    nextDue: () => Promise.resolve(undefined),
    upcoming: () => Promise.resolve([]),
  };
}

const now = () => new Date('2026-11-23T12:00:00Z');
const notPassed = () => Promise.resolve(false);
const passed = () => Promise.resolve(true);
/** Anything that would tell the key: a correct flag, whether a choice was right, the explanations. */
const KEY = /"correcta"|"acierto"|Porque sí|sí b|no a/;

it('answers due cards oldest first, at most a page, and counts them all', async () => {
  // Cards already in review (reps 1): the daily cap on new cards (session.ts) does not hold them back.
  const cards = Array.from({ length: REVIEW_PAGE + 3 }, (_, i) => {
    const c = card(i + 1, new Date(Date.UTC(2026, 10, 22, 0, 0) - i * 60_000).toISOString());
    return { ...c, fsrs: { ...c.fsrs, reps: 1 } };
  });
  cards.push(card(99, '2026-11-24T00:00:00.000Z'));
  const { tarjetas, pendientes } = await dueCards({ cards: fakeStore(cards), now, passed: notPassed }, 'ana');
  expect(pendientes).toBe(REVIEW_PAGE + 3);
  expect(tarjetas).toHaveLength(REVIEW_PAGE);
  expect(tarjetas[0].cardId).toBe(idOf(REVIEW_PAGE + 3));
  expect(tarjetas.map((t) => t.vence)).toEqual([...tarjetas.map((t) => t.vence)].sort());
  expect(JSON.stringify(tarjetas)).not.toMatch(KEY);
});

it('leaves out cards whose id was derived from the question (before issue 20): no route addresses them', async () => {
  const old = card(7, '2026-11-22T00:00:00.000Z', { cardId: `${COURSE}.m01.p7` });
  const { tarjetas, pendientes } = await dueCards({ cards: fakeStore([old, card(8, '2026-11-22T00:00:00.000Z')]), now, passed }, 'ana');
  expect({ n: tarjetas.length, pendientes }).toEqual({ n: 1, pendientes: 1 });
  await expect(revealCard({ cards: fakeStore([old]), now, passed }, 'ana', old.cardId, {})).rejects.toMatchObject({ status: 404, message: 'No encontramos esa tarjeta de repaso.' });
});

it("answers 404 for another learner's card or a malformed id, and rates only the caller's own", async () => {
  const store = fakeStore([card(1, '2026-11-22T00:00:00.000Z')]);
  const deps = { cards: store, now, passed };
  await expect(revealCard(deps, 'bea', idOf(1), {})).rejects.toMatchObject({ status: 404, message: 'No encontramos esa tarjeta de repaso.' });
  await expect(rateCard(deps, 'ana', 'REVIEW#x', 'bien')).rejects.toMatchObject({ status: 404 });
  await expect(rateCard(deps, 'ana', `${COURSE}.m01.p1`, 'bien')).rejects.toMatchObject({ status: 404 });
  const rated = await rateCard(deps, 'ana', idOf(1), 'bien');
  expect(rated.tarjeta.repasos).toBe(1);
  expect(store.rated).toEqual([idOf(1)]);
});

describe('an evaluation card before its module is passed (issue 20)', () => {
  it('reveals no key, no correctness whatever option is sent, and where to study', async () => {
    const deps = { cards: fakeStore([card(1, '2026-11-22T00:00:00.000Z')]), now, passed: notPassed };
    for (const opcion of ['A', 'B', 'C', 'D'] as const) {
      const solution = await revealCard(deps, 'ana', idOf(1), { opcion });
      expect(JSON.stringify(solution)).not.toMatch(KEY);
      expect(solution).toEqual({
        cardId: idOf(1),
        bloqueada: true,
        respuesta: '',
        explicacion: 'Verás la respuesta cuando apruebes la evaluación de este módulo. Mientras tanto, repasa la lección «Bucles», apartado «El bucle for».',
        repasar: { lessonId: 'l02', leccion: 'Bucles', seccion: 'El bucle for' },
      });
    }
  });

  it('rates without a solution that carries the key', async () => {
    const rated = await rateCard({ cards: fakeStore([card(1, '2026-11-22T00:00:00.000Z')]), now, passed: notPassed }, 'ana', idOf(1), 'otra_vez');
    expect(JSON.stringify(rated)).not.toMatch(KEY);
    expect(rated.solucion.bloqueada).toBe(true);
  });

  it('shows the key, whether the choice was right and why, once the module is passed', async () => {
    const solution = await revealCard({ cards: fakeStore([card(1, '2026-11-22T00:00:00.000Z')]), now, passed }, 'ana', idOf(1), { opcion: 'A' });
    expect(solution.bloqueada).toBeUndefined();
    expect(solution.opciones?.filter((o) => o.correcta).map((o) => o.texto)).toEqual(['b']);
    expect(solution).toMatchObject({ acierto: expect.any(Boolean), respuesta: expect.stringMatching(/^[ABCD]\. b$/), explicacion: 'Porque sí.' });
  });

  it('leaves a Refuerzo guiado practice card open: its key was shown when the learner answered it (issue 32 item 6)', async () => {
    const made = cardFromPractice({
      courseId: COURSE, moduleId: 'm01', intento: 2, item: 3, titulo: 'Bucles otra vez', objetivo: 'm01.o2',
      enunciado: '¿Qué repite un bucle?', opciones: ['nada', 'un bloque', 'la lección', 'el curso'], correcta: 1, explicaciones: ['no', 'sí', 'no', 'no'],
    });
    expect(made).toMatchObject({ claveOrigen: `${COURSE}.m01.refuerzo2.p3`, fuente: 'refuerzo', objetivo: 'm01.o2', correcta: 'B', explicacion: 'sí', origen: 'Refuerzo guiado: Bucles otra vez' });
    const practice: CardItem = { ...made, fsrs: newCardState(new Date('2026-11-20T00:00:00Z')), createdAt: '2026-11-20T00:00:00Z' };
    let askedPass = false;
    const solution = await revealCard({ cards: fakeStore([practice]), now, passed: () => ((askedPass = true), Promise.resolve(false)) }, 'ana', practice.cardId, { opcion: 'A' });
    expect(askedPass).toBe(false);
    expect(solution.bloqueada).toBeUndefined();
    expect(solution.opciones?.filter((o) => o.correcta).map((o) => o.texto)).toEqual(['un bloque']);
    // An evaluation card of the same module stays locked: only practice is open.
    expect((await revealCard({ cards: fakeStore([card(1, '2026-11-22T00:00:00.000Z')]), now, passed: notPassed }, 'ana', idOf(1), {})).bloqueada).toBe(true);
  });

  it("leaves a lesson's self-check card as it was: its answer shows at once", async () => {
    const open = card(2, '2026-11-22T00:00:00.000Z', { tipo: 'abierta', opciones: undefined, correcta: undefined, respuesta: 'Un bucle repite.', origen: 'Lección: Bucles' });
    const solution = await revealCard({ cards: fakeStore([open]), now, passed: notPassed }, 'ana', idOf(2), {});
    expect(solution).toMatchObject({ respuesta: 'Un bucle repite.' });
    expect(solution.bloqueada).toBeUndefined();
  });
});

it('says the queued new cards come at the next UTC midnight, when that is before the next card due', async () => {
  const fresh = Array.from({ length: 12 }, (_, i) => card(200 + i, '2026-11-22T00:00:00.000Z'));
  const store = { ...fakeStore(fresh), nextDue: () => Promise.resolve('2026-11-30T09:00:00.000Z'), newToday: () => Promise.resolve(10) };
  expect(await dueCards({ cards: store, now, passed }, 'ana')).toMatchObject({ pendientes: 0, nuevasEnCola: 12, proximoRepaso: '2026-11-24T00:00:00.000Z' });
  const none = { ...fakeStore([]), nextDue: () => Promise.resolve('2026-11-30T09:00:00.000Z') };
  expect(await dueCards({ cards: none, now, passed }, 'ana')).toMatchObject({ nuevasEnCola: 0, proximoRepaso: '2026-11-30T09:00:00.000Z' });
});
