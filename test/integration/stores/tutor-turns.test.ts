import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TutorTurn } from '../../../lambdas/contract';
import { appendTurns, MAX_TURNS } from '../../../lambdas/tutor/history';
import { dynamoTutorStore } from '../../../lambdas/tutor/tutor-store';
import { localTable } from './table-subject';

// Issue 23: a tutor message appends its turns as items (and drops the ones past the last
// MAX_TURNS) instead of rewriting the whole conversation; what the tutor reads back is the same
// bounded conversation, with the summary of older questions. On the local stack's DynamoDB.

const turn = (texto: string, rol: TutorTurn['rol'] = 'alumno'): TutorTurn => ({ rol, texto, fecha: '2026-11-24T10:00:00.000Z' });
const ids = () => ({ userId: `turns-${randomUUID()}`, courseId: randomUUID() });

async function items(userId: string, courseId: string) {
  const { db, name } = localTable();
  const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': `TUTOR#${courseId}` } }));
  return out.Items ?? [];
}

/** One message as the tutor saves it: read, append the question and the answer, save under the lock. */
async function message(userId: string, courseId: string, i: number) {
  const { db, name } = localTable();
  const store = dynamoTutorStore(db, name);
  const conv = await store.conversation(userId, courseId);
  expect(await store.saveConversation(userId, courseId, appendTurns(conv, [turn(`pregunta ${i}`), turn(`respuesta ${i}`, 'tutor')]), conv.version)).toBe(true);
}

describe('tutor turns stored one item each', () => {
  it('writes each turn as its own small item and keeps only the last MAX_TURNS', async () => {
    const { userId, courseId } = ids();
    for (let i = 1; i <= 13; i++) await message(userId, courseId, i);
    const stored = await items(userId, courseId);
    const turns = stored.filter((i) => String(i.sk).includes('#T#'));
    expect(turns).toHaveLength(MAX_TURNS);
    expect(Math.max(...stored.map((i) => JSON.stringify(i).length))).toBeLessThan(1024);
    const head = stored.find((i) => i.sk === `TUTOR#${courseId}`)!;
    expect(head).not.toHaveProperty('turnos');
    expect(head).toMatchObject({ version: 13, seq: 26 });
  });

  it('reads back the last turns in order, with the older questions summarised', async () => {
    const { userId, courseId } = ids();
    for (let i = 1; i <= 12; i++) await message(userId, courseId, i);
    const { db, name } = localTable();
    const conv = await dynamoTutorStore(db, name).conversation(userId, courseId);
    expect(conv.turnos.map((t) => t.texto)).toEqual(Array.from({ length: 10 }, (_, k) => [`pregunta ${k + 3}`, `respuesta ${k + 3}`]).flat());
    expect(conv.turnos[1]).toEqual(turn('respuesta 3', 'tutor'));
    expect(conv.resumen).toMatch(/pregunta 1 · pregunta 2$/);
  });

  it('turns a conversation stored whole (before turn items) into items at its next save', async () => {
    const { userId, courseId } = ids();
    const { db, name } = localTable();
    await db.send(new PutCommand({ TableName: name, Item: { pk: `USER#${userId}`, sk: `TUTOR#${courseId}`, courseId, turnos: [turn('vieja'), turn('respuesta vieja', 'tutor')], version: 4 } }));
    await message(userId, courseId, 1);
    const conv = await dynamoTutorStore(db, name).conversation(userId, courseId);
    expect(conv.turnos.map((t) => t.texto)).toEqual(['vieja', 'respuesta vieja', 'pregunta 1', 'respuesta 1']);
    expect((await items(userId, courseId)).find((i) => i.sk === `TUTOR#${courseId}`)).not.toHaveProperty('turnos');
  });

  it('clears every turn item with the conversation', async () => {
    const { userId, courseId } = ids();
    for (let i = 1; i <= 3; i++) await message(userId, courseId, i);
    const { db, name } = localTable();
    await dynamoTutorStore(db, name).clearConversation(userId, courseId);
    expect(await items(userId, courseId)).toEqual([]);
  });
});
