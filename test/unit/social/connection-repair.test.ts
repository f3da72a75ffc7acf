import { acceptRequest, declineRequest, removeConnection, sendRequest } from '../../../lambdas/social/connections';
import { Crash, community } from './fakes';

// dynalite has no transactions: every operation is a sequence of single-item writes. These tests
// crash the sequence after each write in turn and check that the next call leaves both sides agreeing.

async function setup() {
  const c = community();
  await c.join('ana', ['arte']);
  await c.join('bruno', ['arte']);
  return c;
}

const agree = (state: Record<string, string>) => {
  const ab = state['ana>bruno'];
  const ba = state['bruno>ana'];
  const pairs = [[undefined, undefined], ['enviada', 'recibida'], ['recibida', 'enviada'], ['conectado', 'conectado']];
  return pairs.some(([x, y]) => x === ab && y === ba);
};

describe('a crash between the two writes of a connection change', () => {
  it.each([1, 2])('sending: crash at write %i, sending again completes the request', async (n) => {
    const c = await setup();
    c.connections.crashOnWrite(n);
    await expect(sendRequest(c.deps, 'ana', 'bruno')).rejects.toThrow(Crash);
    c.connections.heal();
    await sendRequest(c.deps, 'ana', 'bruno');
    expect(c.connections.state()).toEqual({ 'ana>bruno': 'enviada', 'bruno>ana': 'recibida' });
  });

  it('sending: after a crash, the receiver asking back connects both', async () => {
    const c = await setup();
    c.connections.crashOnWrite(2);
    await expect(sendRequest(c.deps, 'ana', 'bruno')).rejects.toThrow(Crash);
    c.connections.heal();
    expect((await sendRequest(c.deps, 'bruno', 'ana')).estado).toBe('conectado');
    expect(c.connections.state()).toEqual({ 'ana>bruno': 'conectado', 'bruno>ana': 'conectado' });
  });

  it.each([1, 2])('accepting: crash at write %i, accepting again connects both', async (n) => {
    const c = await setup();
    await sendRequest(c.deps, 'ana', 'bruno');
    c.connections.crashOnWrite(n);
    await expect(acceptRequest(c.deps, 'bruno', 'ana')).rejects.toThrow(Crash);
    c.connections.heal();
    await acceptRequest(c.deps, 'bruno', 'ana');
    expect(c.connections.state()).toEqual({ 'ana>bruno': 'conectado', 'bruno>ana': 'conectado' });
  });

  it('accepting: after a crash, the sender sending again completes the connection', async () => {
    const c = await setup();
    await sendRequest(c.deps, 'ana', 'bruno');
    c.connections.crashOnWrite(2);
    await expect(acceptRequest(c.deps, 'bruno', 'ana')).rejects.toThrow(Crash);
    c.connections.heal();
    expect((await sendRequest(c.deps, 'ana', 'bruno')).estado).toBe('conectado');
    expect(c.connections.state()).toEqual({ 'ana>bruno': 'conectado', 'bruno>ana': 'conectado' });
  });

  it.each([1, 2])('declining: crash at write %i, the sender never sees a request the receiver does not, and declining again finishes', async (n) => {
    const c = await setup();
    await sendRequest(c.deps, 'ana', 'bruno');
    c.connections.crashOnWrite(n);
    await expect(declineRequest(c.deps, 'bruno', 'ana')).rejects.toThrow(Crash);
    c.connections.heal();
    expect(c.connections.state()['bruno>ana']).toBe('recibida');
    await declineRequest(c.deps, 'bruno', 'ana');
    expect(c.connections.state()).toEqual({});
  });

  it.each([1, 2])('withdrawing: crash at write %i, withdrawing again finishes', async (n) => {
    const c = await setup();
    await sendRequest(c.deps, 'ana', 'bruno');
    c.connections.crashOnWrite(n);
    await expect(removeConnection(c.deps, 'ana', 'bruno')).rejects.toThrow(Crash);
    c.connections.heal();
    expect(c.connections.state()['ana>bruno']).toBe('enviada');
    await removeConnection(c.deps, 'ana', 'bruno');
    expect(c.connections.state()).toEqual({});
  });

  it('declining: a half-declined request can no longer be accepted', async () => {
    const c = await setup();
    await sendRequest(c.deps, 'ana', 'bruno');
    c.connections.crashOnWrite(2);
    await expect(declineRequest(c.deps, 'bruno', 'ana')).rejects.toThrow(Crash);
    c.connections.heal();
    await expect(acceptRequest(c.deps, 'bruno', 'ana')).rejects.toMatchObject({ status: 404 });
    expect(c.connections.state()).toEqual({});
  });

  it('ending a connection: after a crash, the leftover side is dropped and a new request starts afresh', async () => {
    const c = await setup();
    await sendRequest(c.deps, 'ana', 'bruno');
    await acceptRequest(c.deps, 'bruno', 'ana');
    c.connections.crashOnWrite(2);
    await expect(removeConnection(c.deps, 'ana', 'bruno')).rejects.toThrow(Crash);
    c.connections.heal();
    expect(c.connections.state()).toEqual({ 'ana>bruno': 'conectado' });
    expect((await sendRequest(c.deps, 'ana', 'bruno')).estado).toBe('pendiente');
    expect(c.connections.state()).toEqual({ 'ana>bruno': 'enviada', 'bruno>ana': 'recibida' });
  });

  it('two learners asking each other at the same time end up connected', async () => {
    const c = await setup();
    const [x, y] = await Promise.all([sendRequest(c.deps, 'ana', 'bruno'), sendRequest(c.deps, 'bruno', 'ana')]);
    expect(agree(c.connections.state())).toBe(true);
    expect([x.estado, y.estado]).toContain('conectado');
    expect(c.connections.state()).toEqual({ 'ana>bruno': 'conectado', 'bruno>ana': 'conectado' });
  });
});

describe('connection rules with the daily limit lowered', () => {
  it('refuses the request over the limit with a Spanish 429', async () => {
    const c = community(2);
    for (const id of ['ana', 'b1', 'b2', 'b3']) await c.join(id, ['arte']);
    await sendRequest(c.deps, 'ana', 'b1');
    await sendRequest(c.deps, 'ana', 'b2');
    await expect(sendRequest(c.deps, 'ana', 'b3')).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/límite de 2 solicitudes/) });
    expect(c.connections.state()['ana>b3']).toBeUndefined();
  });

  it('accepting a request someone sent does not count against the limit', async () => {
    const c = community(1);
    for (const id of ['ana', 'bruno', 'carla']) await c.join(id, ['arte']);
    await sendRequest(c.deps, 'bruno', 'ana');
    await sendRequest(c.deps, 'ana', 'carla');
    expect((await sendRequest(c.deps, 'ana', 'bruno')).estado).toBe('conectado');
  });
});
