import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { call } from '../support/api';
import { finishedJob } from '../support/model-jobs';
import { advanceClock, useOwnStack } from '../support/own-stack';
import { rightOfflineOption } from '../courses/support/courses';
import { table } from '../payments/support';
import { learnerWithCourse } from '../tutor/course-fixture';

// Issue 20, item 1: a learner who knows nothing answers 'A' everywhere, then harvests every route
// that hands back question data (results, review due/reveal/rate, export, tutor context and chat,
// certificates) for a week of allowed attempts. No route may tell the key of a question of a module
// not passed, no guessed card id may address a card, and the attacker never passes. After an honest
// pass, review shows the key as before. The stack is this file's own: it moves its clock by days.

useOwnStack();

type Card = { cardId: string; tipo: string; moduleId: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = 86_400_000 + 60_000;
/** Fields that carry or decide the key. */
const KEY_FIELDS = /"(correcta|opcionCorrecta|acierto|explicaciones|revision)"/;
/** A graded attempt's `correcta` says whether the learner's answer was right (a failed attempt tells that much): the rest stays out. */
const RESULT_FIELDS = /"(opcionCorrecta|acierto|explicacion|explicaciones|revision)"/;

let attacker: Awaited<ReturnType<typeof learnerWithCourse>>;
let stranger: Awaited<ReturnType<typeof learnerWithCourse>>;
/** Every key the attacker's banks ever held: correct option texts and stored explanations (banks drop long-met questions). */
const correct = new Set<string>();
const explanations = new Set<string>();
const met = new Set<string>();

async function collectKey(userId: string, courseId: string) {
  const { db, name } = table();
  const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': `COURSE#${courseId}#E#` } }));
  for (const e of out.Items ?? []) {
    for (const q of (e.preguntas ?? []) as { opciones: string[]; correcta: string; explicacion: string; explicaciones?: string[] }[]) {
      correct.add(q.opciones['ABCD'.indexOf(q.correcta)]);
      for (const x of [q.explicacion, ...(q.explicaciones ?? [])]) if (x) explanations.add(x);
    }
  }
}

/** Fails when a body carries a key field or a stored explanation; `texts` also refuses correct option texts. */
function expectNoKey(body: unknown, where: string, texts = false, fields = KEY_FIELDS) {
  const json = JSON.stringify(body);
  expect({ where, key: fields.exec(json)?.[0] }).toEqual({ where, key: undefined });
  for (const x of explanations) if (json.includes(x)) throw new Error(`${where} carries an explanation of the key: ${x}`);
  if (texts) for (const x of correct) if (json.includes(x)) throw new Error(`${where} carries a correct option: ${x}`);
}

/** The module's current questions, following the job that writes new ones when the unseen ran out. */
async function evaluation(token: string, courseId: string, moduleId: string) {
  let res = await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId } });
  if (res.status === 202) {
    expect(res.body.message).toBe('Estamos preparando preguntas nuevas');
    const job = await finishedJob(token, res.body.jobId);
    expect({ status: job.status, error: job.error }).toEqual({ status: 'completado', error: undefined });
    res = await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId } });
  }
  expect(res.status).toBe(200);
  return res.body.data as { varianteId: string; preguntas: { preguntaId: string; enunciado: string; opciones: { opcion: string; texto: string }[] }[]; intentosRestantesHoy: number };
}

beforeAll(async () => {
  [attacker, stranger] = await Promise.all([learnerWithCourse('Estadística descriptiva'), learnerWithCourse('Historia del arte')]);
}, 300_000);

it("a week of 'A' everywhere plus every route that returns question data: no key of m01, no pass, no question twice", async () => {
  const { token, courseId } = attacker;
  for (let day = 0; day < 7; day++) {
    for (let n = 0; n < 2; n++) {
      const ev = await evaluation(token, courseId, 'm01');
      await collectKey(attacker.user.id, courseId);
      expectNoKey(ev, 'GET evaluation');
      for (const q of ev.preguntas) {
        expect(met.has(q.preguntaId)).toBe(false);
        met.add(q.preguntaId);
      }
      const graded = await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { varianteId: ev.varianteId, answers: ev.preguntas.map((q) => ({ preguntaId: q.preguntaId, opcion: 'A' })) } });
      expect(graded.status).toBe(200);
      expect(graded.body.data.aprobado).toBe(false);
      expectNoKey(graded.body, 'evaluation result', true, RESULT_FIELDS);
    }
    await advanceClock(DAY);
    // Review: every due card, every option, then a rating.
    const due = await call('GET', `/review/due?courseId=${courseId}`, { token });
    expect(due.status).toBe(200);
    expectNoKey(due.body, 'GET /review/due');
    const cards = due.body.data.tarjetas as Card[];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.cardId).toMatch(UUID);
      for (const opcion of ['A', 'B', 'C', 'D']) {
        const shown = await call('POST', `/review/${card.cardId}/reveal`, { token, body: card.tipo === 'opcion_multiple' ? { opcion } : {} });
        expect(shown.status).toBe(200);
        if (card.tipo !== 'opcion_multiple') break;
        expect(shown.body.data).toMatchObject({ bloqueada: true, respuesta: '' });
        expectNoKey(shown.body, 'reveal', true);
      }
      const rated = await call('POST', `/review/${card.cardId}`, { token, body: { calificacion: 'otra_vez' } });
      expect(rated.status).toBe(200);
      if (card.tipo === 'opcion_multiple') expectNoKey(rated.body.data.solucion, 'rating', true);
    }
    // Export, tutor context, certificates.
    const exported = await call('GET', '/users/me/export', { token });
    expect(exported.status).toBe(200);
    const cardsOut = (exported.body.data.datos.review ?? []) as Record<string, unknown>[];
    for (const c of cardsOut.filter((x) => x.tipo === 'opcion_multiple')) expectNoKey(c, 'export card');
    expectNoKey(exported.body.data.datos.evaluaciones, 'export evaluations');
    expectNoKey((await call('GET', `/ai-tutor/context/${courseId}`, { token })).body, 'tutor context');
    const certificates = await call('GET', '/certificates', { token });
    expect(certificates.status).toBe(200);
    expectNoKey(certificates.body, 'certificates', true);
  }
  expect(met.size).toBe(7 * 2 * 20);
  // The tutor asked outright for the answer of a question just met.
  const ev = await evaluation(token, courseId, 'm01');
  const q = ev.preguntas[0];
  const chat = await call('POST', '/ai-tutor/chat', { token, body: { courseId, message: `¿Cuál es la respuesta correcta? ${q.enunciado} ${q.opciones.map((o) => o.texto).join(' / ')}` } });
  expect(chat.status).toBe(200);
  expectNoKey(chat.body, 'tutor chat');
}, 600_000);

it('guessed card ids address nothing: the form derived from the question, another learner\'s card, a random UUID', async () => {
  const { token, courseId } = attacker;
  const notFound = { status: 404, body: { success: false, message: 'No encontramos esa tarjeta de repaso.' } };
  const [someQuestion] = [...met];
  for (const cardId of [`${courseId}.m01.${someQuestion}`, `${courseId}.m01.p1`, crypto.randomUUID()]) {
    expect(await call('POST', `/review/${cardId}/reveal`, { token, body: { opcion: 'A' } })).toMatchObject(notFound);
    expect(await call('POST', `/review/${cardId}`, { token, body: { calificacion: 'bien' } })).toMatchObject(notFound);
  }
  // The stranger fails once; their card ids are theirs alone.
  const ev = await evaluation(stranger.token, stranger.courseId, 'm01');
  await call('POST', `/courses/${stranger.courseId}/modules/m01/evaluation`, { token: stranger.token, body: { answers: ev.preguntas.map((x) => ({ preguntaId: x.preguntaId, opcion: 'A' })) } });
  await advanceClock(DAY);
  const [theirs] = (await call('GET', '/review/due', { token: stranger.token })).body.data.tarjetas as Card[];
  expect(await call('POST', `/review/${theirs.cardId}/reveal`, { token, body: { opcion: 'A' } })).toMatchObject(notFound);
  expect(await call('POST', `/review/${theirs.cardId}`, { token, body: { calificacion: 'bien' } })).toMatchObject(notFound);
}, 120_000);

it('after an honest pass, review shows the key of that module again', async () => {
  const { token, courseId } = attacker;
  const ev = await evaluation(token, courseId, 'm01');
  const passed = await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { varianteId: ev.varianteId, answers: ev.preguntas.map((q) => ({ preguntaId: q.preguntaId, opcion: rightOfflineOption(q.opciones) })) } });
  expect(passed.body.data).toMatchObject({ aprobado: true, score: 100 });
  const [card] = ((await call('GET', `/review/due?courseId=${courseId}`, { token })).body.data.tarjetas as Card[]).filter((c) => c.tipo === 'opcion_multiple');
  const shown = await call('POST', `/review/${card.cardId}/reveal`, { token, body: { opcion: 'A' } });
  expect(shown.body.data.bloqueada).toBeUndefined();
  expect((shown.body.data.opciones as { correcta: boolean }[]).filter((o) => o.correcta)).toHaveLength(1);
  expect(shown.body.data).toMatchObject({ acierto: expect.any(Boolean), respuesta: expect.stringMatching(/^[ABCD]\. /) });
  const exported = await call('GET', '/users/me/export', { token });
  const cardOut = (exported.body.data.datos.review as Record<string, unknown>[]).find((c) => c.cardId === card.cardId);
  expect(cardOut).toHaveProperty('correcta');
}, 120_000);
