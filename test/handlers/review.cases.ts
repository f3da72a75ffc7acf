import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';
import { passModule, viaHandlers } from '../support/certificate-fixture';
import { DAY_MS, TOMORROW, at, failedEvaluation, later, learnerWithMistakes } from '../support/review-fixtures';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NEW_CARDS_PER_DAY } from '../../lambdas/contract';
import { documentClient } from '../../lambdas/shared/clients';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Card = { cardId: string; courseId: string; tipo: string; repasos: number; opciones?: { opcion: string; texto: string }[] };
type Mastered = { moduleId: string; objetivos: { id: string; estado: string; evidencias: number; estimacion: number; leccion?: { lessonId: string } }[] }[];
/** The learner model's item of a course, as stored: objectiveKey → { n, aciertos, fuente }. */
const masteryItem = async (userId: string, courseId: string) =>
  ((await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `USER#${userId}`, sk: `MASTERY#${courseId}` } }))).Item?.objetivos ?? {}) as Record<string, { n: number; aciertos: number; fuente: string }>;
const evidenceCount = (item: Record<string, { n: number }>) => Object.values(item).reduce((n, o) => n + o.n, 0);
const NO_COURSE = { status: 404, body: { success: false, message: 'No encontramos ese curso.' } };

const KEY_FIELDS = /"(correcta|respuesta|explicacion|explicaciones)"/;

export const cases: GroupCases = {
  'GET /review/due': {
    success: [
      "answers the questions a learner got wrong once they are due, oldest first, without their answers, at most the day's new cards (the rest queued); a completed lesson's self-check joins them",
      async () => {
        const { userId, courseId, wrong } = await learnerWithMistakes();
        const before = (await invoke('GET /review/due', { userId })).body.data;
        // Nothing due yet: when the first cards come (a day after the attempt).
        expect(before).toMatchObject({ tarjetas: [], pendientes: 0, nuevasEnCola: 0, proximoRepaso: expect.any(String) });
        const res = await later(TOMORROW, () => invoke('GET /review/due', { userId, query: { courseId } }));
        expect(res.status).toBe(200);
        const cards = res.body.data.tarjetas as Card[];
        // One card per wrong question, each with an id the server made up; at most NEW_CARDS_PER_DAY new ones today (issue 34).
        const today = Math.min(wrong.length, NEW_CARDS_PER_DAY);
        expect(cards).toHaveLength(today);
        expect(cards.every((c) => c.tipo === 'opcion_multiple' && UUID.test(c.cardId) && c.opciones?.length === 4)).toBe(true);
        expect(res.body.data).toMatchObject({ pendientes: today, nuevasEnCola: wrong.length - today });
        expect(JSON.stringify(res.body)).not.toMatch(KEY_FIELDS);
        expect((await later(TOMORROW, () => invoke('GET /review/due', { userId, query: { limite: '5' } }))).body.data.tarjetas).toHaveLength(5);
        const done = await invoke('POST /courses/{id}/progress', { userId, params: { id: courseId }, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
        expect(done.status).toBe(200);
        const withLesson = await later(2 * DAY_MS, () => invoke('GET /review/due', { userId, query: { courseId } }));
        expect(withLesson.body.data.pendientes + withLesson.body.data.nuevasEnCola).toBeGreaterThanOrEqual(wrong.length + 2);
        const other = await later(TOMORROW, () => invoke('GET /review/due', { userId, query: { courseId: crypto.randomUUID() } }));
        expect(other.body.data.pendientes).toBe(0);
      },
    ],
  },
  'GET /review/summary': {
    success: [
      "answers the cards due, the week's goal and the streak in the learner's time zone",
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        await invoke('POST /courses/{id}/progress', { userId, params: { id: courseId }, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
        const res = await invoke('GET /review/summary', { userId, query: { tz: 'America/Mexico_City' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { pendientes: 0, racha: { dias: 1, hoy: true }, metaSemanal: { meta: 5, hechas: 1, cumplida: false }, zonaHoraria: 'America/Mexico_City' } } });
        const tomorrow = await later(TOMORROW, () => invoke('GET /review/summary', { userId }));
        expect(tomorrow.body.data).toMatchObject({ racha: { dias: 1, hoy: false }, zonaHoraria: 'UTC' });
        expect(tomorrow.body.data.pendientes).toBeGreaterThanOrEqual(2);
        const bad = await invoke('GET /review/summary', { userId, query: { tz: 'Marte/Olimpo' } });
        expect(bad).toMatchObject({ status: 400, body: { success: false, message: 'La zona horaria no es válida' } });
      },
    ],
  },
  'POST /review/{cardId}/reveal': {
    badBody: { body: { opcion: 'E' }, message: 'La opción debe ser A, B, C o D' },
    success: [
      'shows no key and no correctness before the module is passed, only where to study; the answer and its explanation after; another learner gets 404',
      async () => {
        const { userId, courseId } = await learnerWithMistakes();
        const [card] = (await later(TOMORROW, () => invoke('GET /review/due', { userId }))).body.data.tarjetas as Card[];
        for (const opcion of ['A', 'B', 'C', 'D']) {
          const locked = await invoke('POST /review/{cardId}/reveal', { userId, params: { cardId: card.cardId }, body: { opcion } });
          expect(locked).toMatchObject({ status: 200, body: { data: { cardId: card.cardId, bloqueada: true, respuesta: '', explicacion: expect.stringMatching(/Verás la respuesta cuando apruebes la evaluación de este módulo\. Mientras tanto, repasa /) } } });
          expect(JSON.stringify(locked.body)).not.toMatch(/"(correcta|acierto|opciones|explicaciones)"/);
        }
        expect((await passModule(viaHandlers(userId), courseId, 'm01')).body.data.aprobado).toBe(true);
        const res = await invoke('POST /review/{cardId}/reveal', { userId, params: { cardId: card.cardId }, body: { opcion: 'A' } });
        expect(res.status).toBe(200);
        const right = (res.body.data.opciones as { opcion: string; correcta: boolean }[]).filter((o) => o.correcta);
        expect(right).toHaveLength(1);
        expect(res.body.data).toMatchObject({ cardId: card.cardId, acierto: right[0].opcion === 'A', respuesta: expect.stringMatching(/^[ABCD]\. /), explicacion: expect.any(String) });
        const stranger = await learner('Extraño');
        expect(await invoke('POST /review/{cardId}/reveal', { userId: stranger.userId, params: { cardId: card.cardId }, body: {} })).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos esa tarjeta de repaso.' } });
        // The id issue 15 derived from the question addresses nothing.
        expect(await invoke('POST /review/{cardId}/reveal', { userId, params: { cardId: `${courseId}.m01.p1` }, body: {} })).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos esa tarjeta de repaso.' } });
      },
    ],
  },
  'POST /review/{cardId}': {
    badBody: { body: { calificacion: 'regular' }, message: 'La calificación debe ser otra_vez, dificil, bien o facil' },
    success: [
      'reschedules the card with FSRS (a failed card comes back sooner than a remembered one), counts the review and tells the learner model',
      async () => {
        const { userId, courseId, wrong } = await learnerWithMistakes();
        const answered = evidenceCount(await masteryItem(userId, courseId));
        expect(answered).toBe(wrong.length);
        const [first, second] = (await later(TOMORROW, () => invoke('GET /review/due', { userId }))).body.data.tarjetas as Card[];
        // Both rated at one instant of the handlers' clock, so each gap is measured from its rating.
        const ratedAt = new Date(Date.now() + TOMORROW);
        const again = await at(ratedAt, () => invoke('POST /review/{cardId}', { userId, params: { cardId: first.cardId }, body: { calificacion: 'otra_vez' } }));
        const good = await at(ratedAt, () => invoke('POST /review/{cardId}', { userId, params: { cardId: second.cardId }, body: { calificacion: 'bien' } }));
        expect(again).toMatchObject({ status: 200, body: { success: true, data: { tarjeta: { cardId: first.cardId, repasos: 1 }, solucion: { bloqueada: true, explicacion: expect.any(String) } } } });
        expect(JSON.stringify(again.body)).not.toMatch(/"(correcta|acierto)"/);
        expect(again.body.data.solucion).not.toHaveProperty('opciones');
        const gap = (r: typeof again) => Date.parse(r.body.data.proximoRepaso as string) - ratedAt.getTime();
        expect(gap(again)).toBeGreaterThan(0);
        expect(gap(again)).toBeLessThan(gap(good));
        // Two tabs rating the same showing of a card: one rating counts, the other is told to reload.
        const third = ((await later(TOMORROW, () => invoke('GET /review/due', { userId }))).body.data.tarjetas as Card[])[0];
        // Each names the showing it rated (`repasos`), so the second is refused whether it reads the card before
        // or after the first wrote it (without it, a late reader rated the next showing: 200 and 200 on a busy CI).
        const both = await later(TOMORROW, () =>
          Promise.all(['bien', 'facil'].map((calificacion) => invoke('POST /review/{cardId}', { userId, params: { cardId: third.cardId }, body: { calificacion, repasos: third.repasos } }))),
        );
        expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
        // The same showing rated again later, one after the other: still refused.
        expect(await later(TOMORROW, () => invoke('POST /review/{cardId}', { userId, params: { cardId: third.cardId }, body: { calificacion: 'bien', repasos: third.repasos } })))
          .toMatchObject({ status: 409, body: { message: 'Esta tarjeta ya se calificó en otra ventana. Vuelve a cargar el repaso.' } });
        const due = await later(TOMORROW, () => invoke('GET /review/due', { userId }));
        expect((due.body.data.tarjetas as Card[]).map((c) => c.cardId)).not.toContain(first.cardId);
        // Three new cards rated today: three fewer may join today (the daily cap on new cards, issue 34).
        expect(due.body.data.pendientes).toBe(Math.min(wrong.length - 3, NEW_CARDS_PER_DAY - 3));
        const summary = await later(TOMORROW, () => invoke('GET /review/summary', { userId }));
        expect(summary.body.data).toMatchObject({ metaSemanal: { hechas: 3 }, racha: { dias: 1, hoy: true } });
        // Issue 32: each rating of a card that names its objective is one piece of evidence ('repaso') for the learner model:
        // the attempt's answers, then the three ratings that counted.
        const item = await masteryItem(userId, courseId);
        expect(evidenceCount(item)).toBe(answered + 3);
        expect(Object.values(item).some((o) => o.fuente === 'repaso')).toBe(true);
        const stranger = await learner('Extraño');
        expect(await invoke('POST /review/{cardId}', { userId: stranger.userId, params: { cardId: first.cardId }, body: { calificacion: 'bien' } })).toMatchObject({ status: 404 });
        expect(await invoke('POST /review/{cardId}', { userId, params: { cardId: 'no-es-una-tarjeta' }, body: { calificacion: 'bien' } })).toMatchObject({ status: 404 });
      },
    ],
  },
  'GET /courses/{id}/mastery': {
    success: [
      "answers the owner's Mapa de dominio: every module's objectives, those the attempt measured on their way, and the weakest one's lesson as the next step; another learner, a guessed id and no course get 404",
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const fresh = await invoke('GET /courses/{id}/mastery', { userId, params: { id: courseId } });
        expect(fresh.status).toBe(200);
        const before = fresh.body.data.modulos as Mastered;
        expect(before.length).toBeGreaterThanOrEqual(2);
        expect(before.flatMap((m) => m.objetivos).every((o) => o.estado === 'por_empezar' && o.evidencias === 0 && o.leccion)).toBe(true);
        // Nothing shown yet: start with the first module's first lesson.
        expect(fresh.body.data.siguiente).toMatchObject({ tipo: 'estudiar', courseId, moduleId: 'm01', lessonId: 'l01', texto: expect.stringMatching(/^Sigue con la lección «/) });
        await failedEvaluation(userId, courseId);
        const res = await invoke('GET /courses/{id}/mastery', { userId, params: { id: courseId } });
        const [m1, m2] = res.body.data.modulos as Mastered;
        // Every objective of the module was measured (the coverage draw), all answered wrong.
        expect(m1.objetivos.every((o) => o.estado === 'en_progreso' && o.evidencias > 0 && o.estimacion < 0.3)).toBe(true);
        expect(m2.objetivos.every((o) => o.estado === 'por_empezar')).toBe(true);
        const weakest = [...m1.objetivos].sort((a, b) => a.estimacion - b.estimacion)[0];
        expect(res.body.data.siguiente).toMatchObject({ tipo: 'estudiar', moduleId: 'm01', objetivoId: weakest.id, lessonId: weakest.leccion?.lessonId, texto: expect.stringMatching(/^Refuerza «.+»: vuelve a la lección «.+»\.$/) });
        const stranger = await learner('Extraño');
        expect(await invoke('GET /courses/{id}/mastery', { userId: stranger.userId, params: { id: courseId } })).toMatchObject(NO_COURSE);
        expect(await invoke('GET /courses/{id}/mastery', { userId, params: { id: crypto.randomUUID() } })).toMatchObject(NO_COURSE);
        expect((await invoke('GET /courses/{id}/mastery', { userId, params: { id: 'no-es-un-curso' } })).status).toBe(400);
      },
    ],
  },
  'GET /courses/next-step': {
    success: [
      "answers the step on the learner's weakest objective across their courses, with the course's title; nothing before any evidence, nothing of another learner's",
      async () => {
        const { userId, courseId } = await learnerWithMistakes();
        const res = await invoke('GET /courses/next-step', { userId });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { siguiente: { tipo: 'estudiar', courseId, moduleId: 'm01', curso: expect.any(String), texto: expect.stringMatching(/^Refuerza «/) } } } });
        const stranger = await learner('Extraño');
        expect(await invoke('GET /courses/next-step', { userId: stranger.userId })).toMatchObject({ status: 200, body: { data: { siguiente: null } } });
      },
    ],
  },
};
