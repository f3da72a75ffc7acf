import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';
import { call, signUp } from '../support/api';
import { waitForJob } from '../tutor/course-fixture';

// Learners with one of nearly everything a learner owns (a course with lessons, its job and an
// evaluation, a tutor conversation, usage counters, a public profile with an indexed topic and a
// public course topic), for the account deletion and export tests, which read the table directly.

let n = 0;
export const uniqueTopic = (base: string) => `${base} ${Date.now().toString(36)}${(n++).toString(36)}`;

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function fullLearner(nombre: string, topic: string) {
  const { user, email, tokens } = await signUp(nombre);
  const token = tokens.accessToken;
  const plan = await ok(call('POST', '/courses/plan', { token, body: { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 } }), 'plan');
  const courseId: string = plan.curso.courseId;
  const job = await waitForJob(token, plan.jobId, 60000);
  if (job.status !== 'completado') throw new Error(`course failed: ${JSON.stringify(job)}`);
  await ok(call('PUT', '/users/profile', { token, body: { intereses: [topic], perfilPublico: true } }), 'profile');
  await ok(call('PUT', `/users/courses/${courseId}/visibility`, { token, body: { publico: true } }), 'course topic');
  await ok(call('POST', `/courses/${courseId}/progress`, { token, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } }), 'progress');
  await ok(call('POST', '/ai-tutor/chat', { token, body: { courseId, message: '¿De qué trata este curso?' } }), 'tutor');
  return { id: user.id as string, email, token, courseId, nombre };
}

export type Learner = Awaited<ReturnType<typeof fullLearner>>;

/** Every item of a learner's partition, straight from the table. */
export async function partition(userId: string): Promise<Record<string, unknown>[]> {
  const { db, name } = table();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` }, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
export const sortKeys = async (userId: string) => (await partition(userId)).map((i) => String(i.sk)).sort();

export async function putItem(item: Record<string, unknown>) {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: item }));
}
export async function deleteItem(pk: string, sk: string) {
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: { pk, sk } }));
}

/** a and b connected, a's request pending with c. */
export async function connect(a: Learner, b: Learner, c: Learner) {
  await ok(call('POST', '/social/connections', { token: a.token, body: { userId: b.id } }), 'request to b');
  await ok(call('POST', `/social/connections/${a.id}/accept`, { token: b.token }), 'accept');
  await ok(call('POST', '/social/connections', { token: a.token, body: { userId: c.id } }), 'request to c');
}
