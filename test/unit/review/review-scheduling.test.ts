import { Rating } from 'ts-fsrs';
import { CALIFICACIONES } from '../../../lambdas/contract';
import { displayOrder, publicCard, solutionOf, type CardItem } from '../../../lambdas/review/cards';
import { RATINGS, newCardState, reschedule } from '../../../lambdas/review/scheduling';

const DAY = 86_400_000;
const made = new Date('2026-11-23T10:00:00Z');
const card = (over: Partial<CardItem> = {}): CardItem => ({
  cardId: '5d0c8a4e-7f1b-4c2d-9a3e-1b2c3d4e5f60',
  claveOrigen: '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f.m01.p3',
  courseId: '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
  moduleId: 'm01',
  tipo: 'opcion_multiple',
  origen: 'Evaluación: Variables',
  enunciado: '¿Qué guarda una variable?',
  opciones: ['Un valor', 'Un bucle', 'Una función', 'Un error'],
  correcta: 'A',
  explicacion: 'Una variable nombra un valor.',
  fsrs: newCardState(made),
  createdAt: made.toISOString(),
  ...over,
});

describe('FSRS scheduling of review cards', () => {
  it('maps each Spanish rating to its ts-fsrs Rating', () => {
    expect(RATINGS).toEqual({ otra_vez: Rating.Again, dificil: Rating.Hard, bien: Rating.Good, facil: Rating.Easy });
    expect(Object.keys(RATINGS)).toEqual([...CALIFICACIONES]);
  });

  it('makes a new card due the day after it was made', () => {
    expect(newCardState(made).due).toBe(new Date(made.getTime() + DAY).toISOString());
    expect(newCardState(made).reps).toBe(0);
  });

  it('brings a failed card back sooner than a good one, and a good one sooner than an easy one', () => {
    const reviewed = new Date(made.getTime() + DAY);
    const due = (r: (typeof CALIFICACIONES)[number]) => Date.parse(reschedule(newCardState(made), r, reviewed).due);
    expect(due('otra_vez')).toBeLessThan(due('dificil'));
    expect(due('dificil')).toBeLessThan(due('bien'));
    expect(due('bien')).toBeLessThan(due('facil'));
    // A session a day: even "otra vez" comes back tomorrow, never in a minute.
    expect(due('otra_vez') - reviewed.getTime()).toBe(DAY);
  });

  it('counts a lapse when a learned card is failed, and spaces a remembered one further each time', () => {
    let s = reschedule(newCardState(made), 'bien', new Date(made.getTime() + DAY));
    const first = Date.parse(s.due) - (made.getTime() + DAY);
    const again = reschedule(s, 'otra_vez', new Date(s.due));
    expect(again.lapses).toBe(1);
    s = reschedule(s, 'bien', new Date(s.due));
    expect(Date.parse(s.due) - Date.parse(s.last_review as string)).toBeGreaterThan(first);
    expect(s.reps).toBe(2);
  });
});

describe('what a learner sees of a card', () => {
  it('shows the question and shuffled options, never the key or the explanation', () => {
    const shown = publicCard(card());
    expect(shown.opciones?.map((o) => o.texto).sort()).toEqual(['Un bucle', 'Un error', 'Un valor', 'Una función']);
    expect(JSON.stringify(shown)).not.toMatch(/correcta|explicacion|respuesta|nombra un valor/);
  });

  it('keeps the option order until the card is rated, so the reveal grades the letter the learner saw', () => {
    const c = card();
    const order = displayOrder(c);
    expect(displayOrder(card())).toEqual(order);
    const rightLetter = publicCard(c).opciones?.find((o) => o.texto === 'Un valor')?.opcion as string;
    expect(solutionOf(c, rightLetter)).toMatchObject({ acierto: true, respuesta: `${rightLetter}. Un valor`, explicacion: 'Una variable nombra un valor.' });
    const wrongLetter = publicCard(c).opciones?.find((o) => o.texto === 'Un bucle')?.opcion as string;
    expect(solutionOf(c, wrongLetter).acierto).toBe(false);
  });

  it('draws a new option order on later reviews (letters are not what is remembered)', () => {
    const orders = new Set([0, 1, 2, 3, 4, 5].map((reps) => displayOrder(card({ fsrs: { ...newCardState(made), reps } })).join('')));
    expect(orders.size).toBeGreaterThan(1);
  });
});
