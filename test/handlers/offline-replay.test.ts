import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import { accessClaims, invoke } from '../support/invoke';
import { finishedJob, generatedCourse, learner } from '../support/learners';
import { TOMORROW, at, learnerWithMistakes, later } from '../support/review-fixtures';

// Issue 44 item 5: the phone's outbox sends a review rating and a self-check answer given without a
// connection when it comes back, each under the Idempotency-Key it made when the learner answered.
// A replay (20 times, at once or one after another) changes nothing twice and answers as the first did;
// a tampered entry (another learner's card, a forged rating, the key reused for another request, a
// showing rated since) is refused in Spanish and changes nothing.

jest.setTimeout(150_000);

type Card = { cardId: string; repasos: number };
const RATE = 'POST /review/{cardId}';
const SELF_CHECK = 'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check';
const KEY_REUSED = 'Esta clave de idempotencia ya se usó con otra solicitud.';
const BAD_KEY = 'La clave de idempotencia no es válida.';
const keyed = (key: string) => ({ 'Idempotency-Key': key });

const stored = async (userId: string, sk: string) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `USER#${userId}`, sk }, ConsistentRead: true }))).Item;
const reps = async (userId: string, cardId: string) => (await stored(userId, `REVIEW#${cardId}`))?.fsrs.reps as number;
const weekDone = async (userId: string) => (await later(TOMORROW, () => invoke('GET /review/summary', { userId }))).body.data.metaSemanal.hechas as number;

describe('a review rating sent by the outbox', () => {
  it('counts once however often it is replayed, and answers every replay as the first; tampered entries are refused and change nothing', async () => {
    const { userId } = await learnerWithMistakes();
    const [card, other] = (await later(TOMORROW, () => invoke('GET /review/due', { userId }))).body.data.tarjetas as Card[];
    const ratedAt = new Date(Date.now() + TOMORROW);
    const key = crypto.randomUUID();
    const send = (calificacion = 'bien', k: string = key, cardId = card.cardId, who = userId) =>
      invoke(RATE, { userId: who, params: { cardId }, body: { calificacion, repasos: 0 }, headers: keyed(k) });
    // Twenty copies of one outbox entry at once (a flaky connection's retries, two tabs draining one outbox).
    const burst = await at(ratedAt, () => Promise.all(Array.from({ length: 20 }, () => send())));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const first = burst[0].body;
    expect(first).toMatchObject({ success: true, data: { tarjeta: { cardId: card.cardId, repasos: 1 } } });
    expect(burst.map((r) => r.body)).toEqual(Array(20).fill(first));
    // Then twenty more, one after another and a day later: the same answer, computed once (FSRS ran on the server once).
    for (let i = 0; i < 20; i++) expect((await later(2 * TOMORROW, () => send())).body).toEqual(first);
    expect(await reps(userId, card.cardId)).toBe(1);
    expect(await weekDone(userId)).toBe(1);

    // The same key with another rating, or for another card: refused, nothing changes.
    expect(await later(TOMORROW, () => send('facil'))).toMatchObject({ status: 409, body: { success: false, message: KEY_REUSED } });
    expect(await later(TOMORROW, () => send('bien', key, other.cardId))).toMatchObject({ status: 409, body: { success: false, message: KEY_REUSED } });
    // A new entry for the showing already rated (rated since on another device): refused.
    expect(await later(TOMORROW, () => send('otra_vez', crypto.randomUUID()))).toMatchObject({ status: 409, body: { message: 'Esta tarjeta ya se calificó en otra ventana. Vuelve a cargar el repaso.' } });
    // A forged rating value and a malformed key: 400 in Spanish.
    expect(await later(TOMORROW, () => send('perfecta', crypto.randomUUID(), other.cardId))).toMatchObject({ status: 400, body: { message: 'La calificación debe ser otra_vez, dificil, bien o facil' } });
    expect(await later(TOMORROW, () => send('bien', 'x', other.cardId))).toMatchObject({ status: 400, body: { message: BAD_KEY } });
    // Another learner's card, with the owner's key or their own: 404, and the owner's entry is untouched.
    const stranger = await learner('Extraño');
    for (const k of [key, crypto.randomUUID()]) {
      expect(await later(TOMORROW, () => send('bien', k, other.cardId, stranger.userId))).toMatchObject({ status: 404, body: { message: 'No encontramos esa tarjeta de repaso.' } });
    }
    expect(await stored(stranger.userId, `REPLAY#${key}`)).toBeUndefined();
    expect([await reps(userId, card.cardId), await reps(userId, other.cardId)]).toEqual([1, 0]);
    expect(await weekDone(userId)).toBe(1);
    // The account deleted: the outbox of that browser replayed with its old session changes nothing.
    const before = accessClaims(userId);
    const email = (await invoke('GET /users/me', { userId })).body.data.email as string;
    expect((await invoke('DELETE /users/me', { userId, body: { confirmacion: email } })).status).toBe(200);
    expect((await invoke(RATE, { userId, claims: before, params: { cardId: other.cardId }, body: { calificacion: 'bien' }, headers: keyed(crypto.randomUUID()) })).status).toBe(401);
    expect(await stored(userId, `REVIEW#${other.cardId}`)).toBeUndefined();
  });
});

describe('a self-check answer sent by the outbox', () => {
  it('starts one grading job however often it is replayed, before or after the job ends; tampered entries are refused', async () => {
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId);
    const params = { id: courseId, moduleId: 'm01', lessonId: 'l01' };
    const key = crypto.randomUUID();
    const body = { pregunta: 1, respuesta: 'Es lo que ordena el resto de las ideas y define lo que queremos conseguir.' };
    const send = (b: object = body, k: string = key, who = userId, p = params) => invoke(SELF_CHECK, { userId: who, params: p, body: b, headers: keyed(k) });
    const burst = await Promise.all(Array.from({ length: 20 }, () => send()));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(202));
    const jobId = burst[0].body.jobId as string;
    expect(burst.every((r) => r.body.jobId === jobId)).toBe(true);
    expect(await finishedJob(userId, jobId)).toMatchObject({ status: 'completado' });
    // Replayed after the grading ended: the same job, no second grading, no second unit of the day's answers.
    const again = await Promise.all(Array.from({ length: 20 }, () => send()));
    expect(again.map((r) => [r.status, r.body.jobId])).toEqual(Array(20).fill([202, jobId]));
    const plan = await invoke('GET /payments/plan', { userId });
    expect(plan.body.data.uso.porDia.respuestasAbiertas).toMatchObject({ usados: 1 });
    const mastery = await stored(userId, `MASTERY#${courseId}`);
    expect(mastery?.registro).toHaveLength(1);
    // The key reused for another answer: refused. Another learner, or a course not theirs: 404, no job.
    expect(await send({ pregunta: 1, respuesta: 'Otra respuesta distinta' })).toMatchObject({ status: 409, body: { message: KEY_REUSED } });
    expect(await send(body, 'no valida!')).toMatchObject({ status: 400, body: { message: BAD_KEY } });
    const stranger = await learner('Extraño');
    expect(await send(body, key, stranger.userId)).toMatchObject({ status: 404, body: { message: 'No encontramos esa pregunta en la lección.' } });
    expect(await send(body, crypto.randomUUID(), userId, { ...params, id: crypto.randomUUID() })).toMatchObject({ status: 404 });
    expect((await invoke('GET /payments/plan', { userId })).body.data.uso.porDia.respuestasAbiertas).toMatchObject({ usados: 1 });
  });
});
