import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';
import { baseUrl, call, signUp } from '../support/api';
import { stackNow } from '../support/own-stack';
import { generateCourse, waitForJob } from '../courses/support/courses';

// Issue 25 part 1 over HTTP through the local gateway (docs/sharing.md): share, read signed out (no
// keys, no personal data, noindex), copy as another learner (no allowance, its own progress and
// evaluations), withdraw (404 at once). The attacker first.

const GONE = { success: false, message: 'Este enlace ya no está disponible.' };
const NO_COURSE = { success: false, message: 'No encontramos ese curso.' };

const itemsOf = async (userId: string, prefix: string) => {
  const { db, name } = table();
  const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': prefix } }));
  return out.Items ?? [];
};

let owner: Awaited<ReturnType<typeof signUp>>;
let courseId: string;
let shareId: string;

beforeAll(async () => {
  owner = await signUp('Olga Dueña');
  ({ courseId } = await generateCourse(owner.tokens.accessToken, { topic: `Huerto urbano ${Date.now().toString(36)}`, level: 'principiante', modulos: 2, leccionesPorModulo: 2 }));
  // The owner opens an evaluation and answers it: the keys they then know must never reach a copy.
  const opened = await call('POST', '/evaluacion/generate', { token: owner.tokens.accessToken, body: { courseId, moduleId: 'm01' } });
  expect(opened.status).toBe(200);
  await call('POST', `/courses/${courseId}/progress`, { token: owner.tokens.accessToken, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
  const shared = await call('POST', `/courses/${courseId}/share`, { token: owner.tokens.accessToken });
  expect(shared.status).toBe(200);
  shareId = shared.body.data.shareId;
}, 120_000);

describe('the attacker', () => {
  it('a stranger guessing links gets the same Spanish 404 as for a withdrawn one', async () => {
    for (const guess of ['AAAAAAAAAAAAAAAAAAAAAA', `${shareId.slice(0, -1)}${shareId.endsWith('A') ? 'B' : 'A'}`, 'x', courseId]) {
      const res = await call('GET', `/compartidos/${encodeURIComponent(guess)}`);
      expect({ guess, status: res.status, body: res.body }).toEqual({ guess, status: 404, body: GONE });
    }
  });

  it('another learner can neither share nor withdraw my course (404), and my link keeps working', async () => {
    const stranger = await signUp('Extraño');
    for (const method of ['POST', 'DELETE']) {
      const res = await call(method, `/courses/${courseId}/share`, { token: stranger.tokens.accessToken });
      expect([method, res.status, res.body]).toEqual([method, 404, NO_COURSE]);
    }
    expect((await call('GET', `/compartidos/${shareId}`)).status).toBe(200);
  });

  it('the page read signed out carries no key, answer, progress, evaluation or personal field, and says noindex', async () => {
    const res = await fetch(`${baseUrl()}/api/compartidos/${shareId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const text = await res.text();
    const keys = new Set<string>();
    JSON.parse(text, (key: string, value: unknown) => (keys.add(key), value));
    for (const field of ['correcta', 'respuesta', 'respuestas', 'preguntas', 'explicacion', 'evaluacion', 'intentos', 'progreso', 'completadas', 'userId', 'ownerId', 'sub', 'email', 'nombre', 'uso', 'tokensEntrada', 'jobId', 'courseId', 'materialId', 'materiales']) {
      expect([field, keys.has(field)]).toEqual([field, false]);
    }
    for (const personal of [owner.user.id, owner.email, 'Olga', courseId]) expect([personal, text.includes(personal)]).toEqual([personal, false]);
    const body = JSON.parse(text);
    expect(body.data.modulos).toHaveLength(2);
    expect(body.data.modulos[0].lecciones[0].contenido.length).toBeGreaterThan(100);
  });
});

describe('copy', () => {
  it('a free learner at their monthly course limit copies the course: listo, own progress at zero, no evaluation of the owner, no allowance taken', async () => {
    const reader = await signUp('Rita Lectora');
    const token = reader.tokens.accessToken;
    // At the free plan's limit: three courses taken this month (lambdas/plans usage counter).
    const month = (await stackNow()).toISOString().slice(0, 7);
    const { db, name } = table();
    await db.send(new PutCommand({ TableName: name, Item: { pk: `USER#${reader.user.id}`, sk: `USAGE#cursos#${month}`, usados: 3 } }));
    expect((await call('POST', '/courses/plan', { token, body: { topic: 'Jardinería', level: 'principiante' } })).status).toBe(429);

    const copied = await call('POST', `/compartidos/${shareId}/copy`, { token });
    expect(copied).toMatchObject({ status: 201, body: { success: true, curso: { estado: 'listo', progreso: { completadas: 0, total: 4, porcentaje: 0 } } } });
    const copyId: string = copied.body.curso.courseId;
    expect(copyId).not.toBe(courseId);

    const usage = await itemsOf(reader.user.id, 'USAGE#');
    expect(usage.filter((u) => u.usados !== undefined).map((u) => [u.sk, u.usados])).toEqual([[`USAGE#cursos#${month}`, 3]]);
    // The refused plan held its estimate of the month's AI budget first and gave it back: nothing
    // committed, no hold left (lambdas/plans/spend-store.ts).
    for (const month of usage.filter((u) => String(u.sk).startsWith('USAGE#gastoIA#'))) {
      expect([Number(month.microUsd ?? 0), Object.keys(month).filter((k) => k.startsWith('reserva#') && Number(month[k]) > 0)]).toEqual([0, []]);
    }
    // No job was started and no model was paid for: the copier has no job and no AI spend.
    expect(await itemsOf(reader.user.id, 'JOB#')).toEqual([]);
    // None of the owner's banks came along.
    expect(await itemsOf(reader.user.id, `COURSE#${copyId}#E#`)).toEqual([]);

    const detail = (await call('GET', `/courses/${copyId}`, { token })).body.data;
    expect(detail.modulos.flatMap((m: any) => m.lecciones.map((l: any) => [l.estado, l.progreso]))).toEqual(Array(4).fill(['lista', 'pendiente']));
    expect(detail.uso).toMatchObject({ tokensEntrada: 0, tokensSalida: 0 });
    const mine = (await call('GET', '/courses/my-courses', { token })).body.data.map((c: any) => c.courseId);
    expect(mine).toEqual([copyId]);

    // Its evaluations are the copier's own: opening one writes a new bank for them (a model job), never the owner's.
    const opened = await call('POST', '/evaluacion/generate', { token, body: { courseId: copyId, moduleId: 'm01' } });
    expect(opened.status).toBe(202);
    expect((await waitForJob(token, opened.body.jobId)).status).toBe('completado');
    const [theirs] = await itemsOf(reader.user.id, `COURSE#${copyId}#E#m01`);
    const [ownersBank] = await itemsOf(owner.user.id, `COURSE#${courseId}#E#m01`);
    expect(theirs.version).not.toBe(ownersBank.version);
    expect(theirs.intentos).toBeUndefined();

    // The owner sees the copy counted; their own progress is untouched.
    const ownerView = (await call('GET', `/courses/${courseId}`, { token: owner.tokens.accessToken })).body.data;
    expect(ownerView.compartido).toEqual({ shareId, url: `/compartido/${shareId}`, copias: 1 });
    expect(ownerView.progreso.completadas).toBe(1);
  }, 120_000);

  it('the owner cannot copy their own link (409), and a second copy by the same learner is refused (409) with nothing written', async () => {
    expect(await call('POST', `/compartidos/${shareId}/copy`, { token: owner.tokens.accessToken })).toMatchObject({ status: 409, body: { message: 'Este curso ya es tuyo: lo encuentras en Mis Cursos.' } });
    const reader = await signUp('Dos Veces');
    expect((await call('POST', `/compartidos/${shareId}/copy`, { token: reader.tokens.accessToken })).status).toBe(201);
    expect(await call('POST', `/compartidos/${shareId}/copy`, { token: reader.tokens.accessToken })).toMatchObject({ status: 409, body: { message: 'Ya copiaste este curso: lo encuentras en Mis Cursos.' } });
    expect(await itemsOf(reader.user.id, 'COURSE#').then((items) => items.filter((i) => i.sk.split('#').length === 2))).toHaveLength(1);
  }, 60_000);

  it('copying needs a session: 401 signed out', async () => {
    expect((await call('POST', `/compartidos/${shareId}/copy`)).status).toBe(401);
  });
});

describe('withdraw', () => {
  it('the link is 404 at once for readers and copiers; the copies already made stay theirs', async () => {
    const reader = await signUp('Tarde');
    const res = await call('DELETE', `/courses/${courseId}/share`, { token: owner.tokens.accessToken });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await call('GET', `/compartidos/${shareId}`)).toEqual({ status: 404, body: GONE });
    expect(await call('POST', `/compartidos/${shareId}/copy`, { token: reader.tokens.accessToken })).toEqual({ status: 404, body: GONE });
    expect(await itemsOf(reader.user.id, 'COURSE#')).toEqual([]);
    const ownerView = (await call('GET', `/courses/${courseId}`, { token: owner.tokens.accessToken })).body.data;
    expect(ownerView.compartido).toBeUndefined();
  });
});
