import { randomUUID } from 'node:crypto';
import { CUMULATIVE_PER_SESSION, NEW_CARDS_PER_DAY } from '../../../lambdas/contract';
import type { CardItem } from '../../../lambdas/review/cards';
import { newCardState } from '../../../lambdas/review/scheduling';
import { interleave, planSession } from '../../../lambdas/review/session';

// Issue 32 item 6 and issue 34 item 4: a session is paced (a daily cap on new cards), interleaved
// (neighbours differ in course, module or objective), cumulative for a module, and never shows the
// same question twice in a row.

const A = 'aaaaaaaa-0000-4000-8000-000000000000';
const B = 'bbbbbbbb-0000-4000-8000-000000000000';
let minute = 0;
const card = (over: Partial<CardItem> & { reps?: number } = {}): CardItem => {
  const { reps = 0, ...rest } = over;
  const due = new Date(Date.UTC(2026, 10, 20) + minute++ * 60_000).toISOString();
  return {
    cardId: randomUUID(), claveOrigen: randomUUID(), courseId: A, moduleId: 'm01', lessonId: 'l01', tipo: 'abierta', origen: 'Lección: Uno',
    enunciado: `Pregunta ${minute}`, respuesta: 'r', explicacion: 'e', createdAt: due,
    fsrs: { ...newCardState(new Date(due)), due, reps }, ...rest,
  };
};

it('lets at most the day\'s cap of new cards in, oldest first, and queues the rest; reviewed cards are never held back', () => {
  const fresh = Array.from({ length: 25 }, () => card());
  const reviewed = Array.from({ length: 4 }, () => card({ reps: 2 }));
  const s = planSession({ due: [...fresh, ...reviewed], newAllowance: NEW_CARDS_PER_DAY });
  expect(s).toMatchObject({ pendientes: NEW_CARDS_PER_DAY + 4, nuevasEnCola: 25 - NEW_CARDS_PER_DAY });
  expect(s.tarjetas.filter((c) => c.fsrs.reps === 0).map((c) => c.cardId).sort()).toEqual(fresh.slice(0, NEW_CARDS_PER_DAY).map((c) => c.cardId).sort());
  // Six new cards already rated today: four more may join.
  expect(planSession({ due: fresh, newAllowance: NEW_CARDS_PER_DAY - 6 })).toMatchObject({ pendientes: 4, nuevasEnCola: 21 });
  expect(planSession({ due: fresh, newAllowance: -3 })).toMatchObject({ pendientes: 0, nuevasEnCola: 25 });
});

it('interleaves courses, then modules, then objectives, keeping the oldest first within that rule', () => {
  const a1 = card({ courseId: A });
  const a2 = card({ courseId: A });
  const a3 = card({ courseId: A });
  const b1 = card({ courseId: B });
  const b2 = card({ courseId: B });
  expect(interleave([a1, a2, a3, b1, b2]).map((c) => c.cardId)).toEqual([a1, b1, a2, b2, a3].map((c) => c.cardId));
  const m1 = card({ moduleId: 'm01' });
  const m1b = card({ moduleId: 'm01' });
  const m2 = card({ moduleId: 'm02' });
  expect(interleave([m1, m1b, m2]).map((c) => c.moduleId)).toEqual(['m01', 'm02', 'm01']);
  const o1 = card({ lessonId: 'l01' });
  const o1b = card({ lessonId: 'l01' });
  const o2 = card({ lessonId: 'l02' });
  expect(interleave([o1, o1b, o2]).map((c) => c.lessonId)).toEqual(['l01', 'l02', 'l01']);
});

it('never shows the same question twice in a session, so never twice in a row', () => {
  const one = card({ enunciado: '¿Qué es una variable?', reps: 1 });
  const again = card({ enunciado: '  ¿qué es una variable?', moduleId: 'm02', reps: 1 });
  const other = card({ reps: 1 });
  const s = planSession({ due: [one, again, other], newAllowance: NEW_CARDS_PER_DAY });
  expect(s.tarjetas.map((c) => c.cardId)).toEqual([one.cardId, other.cardId]);
  expect(s.pendientes).toBe(2);
});

it("a module's review: its cards and earlier modules' due cards, later modules' left out, and a few earlier cards not due yet", () => {
  const m1 = card({ moduleId: 'm01', reps: 1 });
  const m2 = card({ moduleId: 'm02', reps: 1 });
  const m3 = card({ moduleId: 'm03', reps: 1 });
  const upcoming = Array.from({ length: 5 }, () => card({ moduleId: 'm01', reps: 3 }));
  const s = planSession({ due: [m1, m2, m3], newAllowance: NEW_CARDS_PER_DAY, moduleId: 'm02', earlier: [m1, ...upcoming] });
  expect(s.tarjetas.map((c) => c.cardId)).not.toContain(m3.cardId);
  expect(s.pendientes).toBe(2 + CUMULATIVE_PER_SESSION);
  expect(s.tarjetas.filter((c) => c.moduleId === 'm01')).toHaveLength(1 + CUMULATIVE_PER_SESSION);
});

it('answers the session length the learner chose', () => {
  const due = Array.from({ length: 12 }, () => card({ reps: 1 }));
  expect(planSession({ due, newAllowance: 0, limite: 5 })).toMatchObject({ pendientes: 12 });
  expect(planSession({ due, newAllowance: 0, limite: 5 }).tarjetas).toHaveLength(5);
});
