import { WEEKLY_GOAL } from '../../../lambdas/contract';
import { bucketOf, localDay, progressOf, type ActivityBucket } from '../../../lambdas/review/activity';
import { cardsFromLesson } from '../../../lambdas/review/cards';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';

/** Card ids are random (issue 20): only their shape is known. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const at = (iso: string, count = 1): ActivityBucket => ({ bucket: bucketOf(new Date(iso)), count });

describe('activity buckets', () => {
  it('cuts time into 15-minute UTC buckets', () => {
    expect(bucketOf(new Date('2026-11-23T04:44:59.999Z'))).toBe('2026-11-23T04:30');
    expect(bucketOf(new Date('2026-11-23T04:45:00Z'))).toBe('2026-11-23T04:45');
  });

  it('puts a bucket on the learner\'s own calendar day', () => {
    // 03:00 UTC is still the previous evening in Mexico City (UTC-6) and already morning in Madrid.
    expect(localDay(new Date('2026-11-23T03:00:00Z'), 'America/Mexico_City')).toBe('2026-11-22');
    expect(localDay(new Date('2026-11-23T03:00:00Z'), 'Europe/Madrid')).toBe('2026-11-23');
    // Quarter-hour zones: Nepal is UTC+5:45.
    expect(localDay(new Date('2026-11-22T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(localDay(new Date('2026-11-22T18:00:00Z'), 'Asia/Kathmandu')).toBe('2026-11-22');
  });
});

describe('streak', () => {
  const now = new Date('2026-11-25T15:00:00Z');

  it('counts consecutive days ending today', () => {
    const p = progressOf([at('2026-11-23T12:00:00Z'), at('2026-11-24T12:00:00Z'), at('2026-11-25T09:00:00Z')], now, 'UTC');
    expect(p.racha).toEqual({ dias: 3, hoy: true });
  });

  it('is still alive when the last active day was yesterday, and broken after a missed day', () => {
    expect(progressOf([at('2026-11-23T12:00:00Z'), at('2026-11-24T12:00:00Z')], now, 'UTC').racha).toEqual({ dias: 2, hoy: false });
    expect(progressOf([at('2026-11-22T12:00:00Z'), at('2026-11-23T12:00:00Z')], now, 'UTC').racha).toEqual({ dias: 0, hoy: false });
  });

  it('depends on the time zone: two UTC days can be one local day', () => {
    // 23:30 on the 24th and 00:30 on the 25th UTC are the same evening (the 24th) in Mexico City.
    const buckets = [at('2026-11-24T23:30:00Z'), at('2026-11-25T00:30:00Z')];
    const late = new Date('2026-11-25T01:00:00Z');
    expect(progressOf(buckets, late, 'UTC').racha).toEqual({ dias: 2, hoy: true });
    expect(progressOf(buckets, late, 'America/Mexico_City').racha).toEqual({ dias: 1, hoy: true });
  });
});

describe('weekly goal', () => {
  it('counts lessons and reviews from Monday of the learner\'s week', () => {
    // 2026-11-23 is a Monday; Sunday the 22nd belongs to the week before.
    const buckets = [at('2026-11-22T12:00:00Z', 4), at('2026-11-23T08:00:00Z', 2), at('2026-11-25T08:00:00Z', 2)];
    const p = progressOf(buckets, new Date('2026-11-25T15:00:00Z'), 'UTC');
    expect(p.metaSemanal).toEqual({ meta: WEEKLY_GOAL, hechas: 4, cumplida: false });
  });

  it('is met at the goal, and a new week starts at the learner\'s local Monday midnight', () => {
    const buckets = [at('2026-11-23T02:00:00Z', WEEKLY_GOAL)];
    // 02:00 UTC Monday is Sunday night in Mexico City: last week there.
    expect(progressOf(buckets, new Date('2026-11-24T12:00:00Z'), 'UTC').metaSemanal).toMatchObject({ hechas: WEEKLY_GOAL, cumplida: true });
    expect(progressOf(buckets, new Date('2026-11-24T12:00:00Z'), 'America/Mexico_City').metaSemanal).toMatchObject({ hechas: 0, cumplida: false });
  });
});

describe('cards from a lesson\'s self-check', () => {
  it('makes one open card per question with its answer', () => {
    const md = lessonMarkdown({
      objetivos: ['Usar variables'],
      introduccion: 'Intro.',
      explicacion: [{ subtitulo: 'Qué es', texto: 'Texto.' }],
      ejemploResuelto: { titulo: 'Ejemplo', planteamiento: 'P.', desarrollo: 'D.' },
      ejercicio: { enunciado: 'E.', solucion: 'S.' },
      autoevaluacion: [
        { pregunta: '¿Qué es una variable?', respuesta: 'Un nombre para un valor.' },
        { pregunta: '¿Puede cambiar su valor?\nPiensa en una reasignación.', respuesta: 'Sí, al reasignarla.' },
      ],
      resumen: ['Las variables nombran valores.'],
    });
    const cards = cardsFromLesson('0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', 'm01', 'l02', 'Variables', md);
    expect(cards).toEqual([
      expect.objectContaining({ cardId: expect.stringMatching(UUID), claveOrigen: '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f.m01.l02.q1', tipo: 'abierta', enunciado: '¿Qué es una variable?', respuesta: 'Un nombre para un valor.', origen: 'Lección: Variables' }),
      expect.objectContaining({ cardId: expect.stringMatching(UUID), claveOrigen: '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f.m01.l02.q2', enunciado: '¿Puede cambiar su valor?\nPiensa en una reasignación.', respuesta: 'Sí, al reasignarla.' }),
    ]);
  });
});
