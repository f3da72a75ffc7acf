import { exportAccount } from '../../../lambdas/users/account-export';
import type { StoredItem } from '../../../lambdas/users/partition-store';

// Issue 20: the export is one more route to the answers. A review card of a module the learner has
// not passed leaves out its key and explanations; a passed module's cards and self-check cards stay whole.

const C = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const card = (cardId: string, moduleId: string, over: Record<string, unknown> = {}): StoredItem => ({
  pk: 'USER#ana', sk: `REVIEW#${cardId}`, cardId, courseId: C, moduleId, tipo: 'opcion_multiple', enunciado: '¿Qué?',
  opciones: ['a', 'b', 'c', 'd'], correcta: 'C', explicacion: 'Porque c.', explicaciones: ['no', 'no', 'sí', 'no'], ...over,
});
const items: StoredItem[] = [
  { pk: 'USER#ana', sk: 'PROFILE', nombre: 'Ana' },
  { pk: 'USER#ana', sk: `COURSE#${C}#E#m01`, courseId: C, moduleId: 'm01', preguntas: [{ correcta: 'B' }], intentos: [{ aprobado: false }] },
  { pk: 'USER#ana', sk: `COURSE#${C}#E#m02`, courseId: C, moduleId: 'm02', preguntas: [{ correcta: 'B' }], intentos: [{ aprobado: false }, { aprobado: true }] },
  card('11111111-1111-4111-8111-111111111111', 'm01'),
  card('22222222-2222-4222-8222-222222222222', 'm02'),
  card('33333333-3333-4333-8333-333333333333', 'm01', { tipo: 'abierta', opciones: undefined, correcta: undefined, explicaciones: undefined, respuesta: 'Un valor.', explicacion: 'Vuelve a la lección.' }),
  { pk: 'USER#ana', sk: `REVIEWSRC#${C}.m01.q1`, cardId: '11111111-1111-4111-8111-111111111111' },
];

it('exports no key of a module not passed, whole cards otherwise, and no dedupe markers', async () => {
  const out = await exportAccount({ partition: { items: () => Promise.resolve(items) } as never, now: () => new Date('2026-11-24T00:00:00Z') }, 'ana');
  const cards = out.datos.review;
  const locked = cards.find((c) => c.moduleId === 'm01' && c.tipo === 'opcion_multiple')!;
  expect(locked).not.toHaveProperty('correcta');
  expect(locked).not.toHaveProperty('explicacion');
  expect(locked).not.toHaveProperty('explicaciones');
  expect(locked).toMatchObject({ enunciado: '¿Qué?', opciones: ['a', 'b', 'c', 'd'] });
  expect(cards.find((c) => c.moduleId === 'm02')).toMatchObject({ correcta: 'C', explicacion: 'Porque c.' });
  expect(cards.find((c) => c.tipo === 'abierta')).toMatchObject({ respuesta: 'Un valor.', explicacion: 'Vuelve a la lección.' });
  expect(JSON.stringify(out)).not.toContain('REVIEWSRC');
  expect(JSON.stringify(out.datos.evaluaciones)).not.toContain('correcta');
});
