import { createSign } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
// The emulator's signing key is public by design: it mints a correctly signed token of another client.
import localKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import { baseUrl, call } from '../support/api';
import { table } from '../payments/support';
import { learnerWithCourse } from './course-fixture';

// The streamed tutor (docs/tutor.md "Streaming") over HTTP from the local gateway, which runs the
// tutor's stream-handler.ts as a Function URL would: NDJSON events, sentence by sentence, the
// leak guard before any byte, and the token verified by the function itself.

type Event = { type: 'delta'; text: string } | { type: 'done'; data: any } | { type: 'error'; message: string };

/** Posts a chat message asking for the stream; answers the events and how many network reads brought them. */
async function streamChat(token: string | undefined, body: unknown, header = 'x-mentora-authorization') {
  const res = await fetch(`${baseUrl()}/api/ai-tutor/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', ...(token ? { [header]: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.headers.get('content-type')?.includes('ndjson')) return { status: res.status, json: await res.json(), events: [] as Event[], reads: 0 };
  const reader = res.body!.getReader();
  let text = '';
  let reads = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    reads++;
    text += new TextDecoder().decode(value);
  }
  const events = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);
  return { status: res.status, json: undefined, events, reads };
}

/** The same access token, correctly signed, with other claims. */
function resign(jwt: string, changes: Record<string, unknown>) {
  const [header, payload] = jwt.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${b64(header)}.${b64({ ...payload, ...changes })}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign((localKey as { pem: string }).pem).toString('base64url')}`;
}

let learner: Awaited<ReturnType<typeof learnerWithCourse>>;
const MESSAGE = '¿Me explicas la idea principal de esta lección con un ejemplo?';
beforeAll(async () => {
  learner = await learnerWithCourse('Estadística descriptiva');
}, 60000);

const ask = () => streamChat(learner.token, { courseId: learner.courseId, moduleId: 'm01', lessonId: 'l01', message: MESSAGE });

test('streams the answer in several pieces, then the whole answer, kept in the history', async () => {
  // Off the course's subject: an answer no leak check can touch, so the deltas are the whole answer.
  const { status, events } = await streamChat(learner.token, { courseId: learner.courseId, message: '¿Quién ganó el mundial de fútbol de 2010?' });
  expect(status).toBe(200);
  const deltas = events.filter((e) => e.type === 'delta');
  expect(deltas.length).toBeGreaterThan(2);
  const done = events.at(-1) as Extract<Event, { type: 'done' }>;
  expect(done.type).toBe('done');
  expect(done.data.respuesta).toBe(deltas.map((d) => (d as { text: string }).text).join('').trim());
  expect(done.data).toMatchObject({ tipo: 'fuera_de_tema', cuota: { usados: 1 } });
  const context = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  expect(context.body.data.historial.at(-1)).toMatchObject({ rol: 'tutor', texto: done.data.respuesta, fecha: done.data.fecha });
}, 30000);

test('never streams the correct option of a question of an open attempt, even one the model was not shown', async () => {
  // What the tutor quotes for this message: its second sentence becomes the correct option of a
  // question of the learner's open attempt in the same module, placed after the twenty the prompt
  // shows, so the offline tutor (which leaves out shown options) quotes it, as a model might.
  const before = await ask();
  const quoted = before.events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
  // A quoted line of the lesson, not the reply's own framing ("Esto es lo que dice la lección … al respecto:").
  const sentence = quoted.split(/(?<=[.!?])\s+|\n+/).map((s) => s.replace(/^[>*\s-]+|\*\*[^*]+\*\*\s*/g, '').replace(/^[-\s]+/, '').trim()).find((s) => s.length >= 40 && !s.startsWith('Modo') && !s.endsWith(':'))!;
  expect(sentence).toBeDefined();
  expect((await call('POST', '/evaluacion/generate', { token: learner.token, body: { courseId: learner.courseId, moduleId: 'm01' } })).status).toBe(200);
  const { db, name } = table();
  const found = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': `USER#${learner.user.id}`, ':sk': `COURSE#${learner.courseId}#E#` } }));
  const item = found.Items!.find((e) => e.moduleId === 'm01')!;
  const decoys = Array.from({ length: 21 }, (_, i) => ({ ...item.preguntas[i % item.preguntas.length], preguntaId: `d${i}` }));
  const hidden = { ...item.preguntas[0], preguntaId: 'oculta', enunciado: '¿Qué afirmación es verdadera según el material estudiado hasta ahora?', opciones: ['Nada de lo anterior vale', sentence, 'Todas valen por igual', 'Depende del día'], correcta: 'B' };
  const preguntas = [...decoys, hidden];
  // The learner has the evaluation open: every question is in their current attempt.
  const variante = { id: 'v-abierta', bankVersion: item.version, preguntas: preguntas.map((q) => ({ preguntaId: q.preguntaId, orden: [0, 1, 2, 3] })) };
  await db.send(new PutCommand({ TableName: name, Item: { ...item, preguntas, variante } }));

  const { status, events } = await ask();
  expect(status).toBe(200);
  const streamed = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
  expect(streamed).not.toContain(sentence);
  const done = events.at(-1) as Extract<Event, { type: 'done' }>;
  expect(done).toMatchObject({ type: 'done', data: { tipo: 'pistas' } });
  expect(done.data.respuesta).not.toContain(sentence);
  expect(done.data.respuesta).toMatch(/no te voy a dar la respuesta/);
}, 60000);

test('refuses the stream without a token, with a bad one, an ID token and one of another app client: 401 in Spanish, nothing counted', async () => {
  const body = { courseId: learner.courseId, message: MESSAGE };
  const before = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  // Issue 23: the accepted client id is the one configured (USER_POOL_CLIENT_ID), checked on a correctly signed token.
  const otherClient = resign(learner.token, { client_id: 'otra-app-del-pool' });
  for (const token of [undefined, 'no-es-un-token', learner.tokens.idToken, otherClient]) {
    const res = await streamChat(token, body);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ success: false, message: expect.stringMatching(/sesión/) });
  }
  const context = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  expect(context.body.data.cuota.usados).toBe(before.body.data.cuota.usados);
});

test('the Bearer authorization header works too, and without the NDJSON accept the answer is one JSON', async () => {
  const res = await call('POST', '/ai-tutor/chat', { token: learner.token, body: { courseId: learner.courseId, message: MESSAGE } });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ respuesta: expect.any(String), fecha: expect.any(String) });
});
