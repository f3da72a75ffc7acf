import type { TutorTurn } from '../../../lambdas/contract';
import type { Conversation } from '../../../lambdas/tutor/history';
import type { TutorStore } from '../../../lambdas/tutor/tutor-store';

// The tutor store's rules (lambdas/tutor/tutor-store.ts): the conversation's optimistic lock, its
// clearing, the daily message counter and the plan, as cases for the DynamoDB store on the local
// engine and for the in-memory fake the unit tests use.

export interface TutorStoreSubject {
  store: TutorStore;
  setPlan(userId: string, plan: 'gratuito' | 'premium'): Promise<void>;
}

let n = 0;
const fresh = (tag: string) => `${tag}-${Date.now().toString(36)}-${(n++).toString(36)}`;
const turn = (texto: string): TutorTurn => ({ rol: 'alumno', texto, fecha: '2026-11-22T10:00:00.000Z' });
const conv = (version: number, ...texts: string[]): Conversation => ({ turnos: texts.map(turn), version });

export function tutorStoreCases(make: () => Promise<TutorStoreSubject>) {
  let s: TutorStoreSubject;
  let userId: string;
  let courseId: string;
  beforeEach(async () => {
    s = await make();
    userId = fresh('tutor');
    courseId = fresh('course');
  });
  const texts = async () => (await s.store.conversation(userId, courseId)).turnos.map((t) => t.texto);

  it('starts every course with an empty conversation at version 0', async () => {
    await expect(s.store.conversation(userId, courseId)).resolves.toEqual({ turnos: [], version: 0 });
  });

  it('saves from the version it read and moves the version on', async () => {
    await expect(s.store.saveConversation(userId, courseId, conv(0, 'hola'), 0)).resolves.toBe(true);
    await expect(s.store.conversation(userId, courseId)).resolves.toMatchObject({ turnos: [turn('hola')], version: 1 });
  });

  it('refuses a save from a version someone else already moved on', async () => {
    await s.store.saveConversation(userId, courseId, conv(0, 'primera pestaña'), 0);
    await expect(s.store.saveConversation(userId, courseId, conv(0, 'segunda pestaña'), 0)).resolves.toBe(false);
    expect(await texts()).toEqual(['primera pestaña']);
  });

  it('lets exactly one of two parallel saves from the same version win', async () => {
    const saved = await Promise.all([s.store.saveConversation(userId, courseId, conv(0, 'a'), 0), s.store.saveConversation(userId, courseId, conv(0, 'b'), 0)]);
    expect(saved.filter(Boolean)).toHaveLength(1);
    expect((await s.store.conversation(userId, courseId)).version).toBe(1);
  });

  it('keeps each course\'s conversation apart', async () => {
    await s.store.saveConversation(userId, courseId, conv(0, 'hola'), 0);
    await expect(s.store.conversation(userId, fresh('other-course'))).resolves.toEqual({ turnos: [], version: 0 });
  });

  it('clears a conversation back to empty at version 0', async () => {
    await s.store.saveConversation(userId, courseId, conv(0, 'hola'), 0);
    await s.store.clearConversation(userId, courseId);
    await expect(s.store.conversation(userId, courseId)).resolves.toEqual({ turnos: [], version: 0 });
    await expect(s.store.saveConversation(userId, courseId, conv(0, 'de nuevo'), 0)).resolves.toBe(true);
  });

  it('refuses a save read before the conversation was cleared, so cleared turns never come back', async () => {
    await s.store.saveConversation(userId, courseId, conv(0, 'antigua'), 0);
    const read = await s.store.conversation(userId, courseId);
    await s.store.clearConversation(userId, courseId);
    await expect(s.store.saveConversation(userId, courseId, { ...read, turnos: [...read.turnos, turn('nueva')] }, read.version)).resolves.toBe(false);
    expect(await texts()).toEqual([]);
  });

  it('counts messages up to the day\'s limit, then refuses', async () => {
    await expect(s.store.consumeMessage(userId, '2026-11-22', 2)).resolves.toBe(1);
    await expect(s.store.consumeMessage(userId, '2026-11-22', 2)).resolves.toBe(2);
    await expect(s.store.consumeMessage(userId, '2026-11-22', 2)).resolves.toBeUndefined();
    await expect(s.store.messagesUsed(userId, '2026-11-22')).resolves.toBe(2);
    await expect(s.store.messagesUsed(userId, '2026-11-23')).resolves.toBe(0);
  });

  it('gives a refunded message back', async () => {
    await s.store.consumeMessage(userId, '2026-11-22', 1);
    await s.store.refundMessage(userId, '2026-11-22');
    await expect(s.store.consumeMessage(userId, '2026-11-22', 1)).resolves.toBe(1);
  });

  it('reads the plan from the profile, gratuito when there is none', async () => {
    await expect(s.store.plan(userId)).resolves.toBe('gratuito');
    await s.setPlan(userId, 'premium');
    await expect(s.store.plan(userId)).resolves.toBe('premium');
  });
}
