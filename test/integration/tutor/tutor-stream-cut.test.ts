import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';
import { baseUrl, call, signUp } from '../support/api';
import { useOwnStack } from '../support/own-stack';
import { learnerWithCourse } from './course-fixture';

// The streamed tutor never gives text away free (issue 20): on a stack whose local model cuts every
// answer at the length cap (MENTORA_LLM_FAULTS truncate), the sentences streamed before the cut are
// the answer, and the learner's message stays counted.

type Event = { type: 'delta'; text: string } | { type: 'done'; data: any } | { type: 'error'; message: string };

async function streamChat(token: string, body: unknown) {
  const res = await fetch(`${baseUrl()}/api/ai-tutor/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', 'x-mentora-authorization': `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, events: text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event) };
}

/** A finished course's items, written on the shared stack (a stack that cuts every answer could not write one). */
let items: Record<string, unknown>[] = [];
let owner = '';
beforeAll(async () => {
  const learner = await learnerWithCourse('Astronomía para principiantes');
  owner = learner.user.id;
  const { db, name } = table();
  const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ExpressionAttributeValues: { ':pk': `USER#${owner}`, ':c': `COURSE#${learner.courseId}` } }));
  items = out.Items ?? [];
}, 60000);

describe('an answer cut at max_tokens after sentences were shown', () => {
  useOwnStack({ pipeline: { faults: { truncate: 1 } } });

  it('ends as an answer made of the sentences shown, and the message stays counted', async () => {
    const { user, tokens } = await signUp();
    const token = tokens.accessToken;
    const { db, name } = table();
    for (const item of items) await db.send(new PutCommand({ TableName: name, Item: JSON.parse(JSON.stringify(item).replaceAll(owner, user.id)) }));
    const courseId = String(items.find((i) => !String(i.sk).includes('#L#') && !String(i.sk).includes('#E#'))!.courseId);

    const { status, events } = await streamChat(token, { courseId, message: '¿Quién ganó el mundial de fútbol de 2010? Cuéntamelo con detalle.' });
    expect(status).toBe(200);
    const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));
    expect(deltas.length).toBeGreaterThan(0);
    const done = events.at(-1) as Extract<Event, { type: 'done' }>;
    expect(done).toMatchObject({ type: 'done', data: { respuesta: deltas.join('').trim(), cuota: { usados: 1 } } });
    const context = await call('GET', `/ai-tutor/context/${courseId}`, { token });
    expect(context.body.data.cuota.usados).toBe(1);
    expect(context.body.data.historial.at(-1)).toMatchObject({ rol: 'tutor', texto: done.data.respuesta });
  }, 60000);
});
