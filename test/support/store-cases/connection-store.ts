import type { ConnectionStore } from '../../../lambdas/social/connection-store';

// The social connection store's rules (lambdas/social/connection-store.ts): one conditional write
// per side, as cases for the DynamoDB store on the local engine and the in-memory fake.

let n = 0;
const fresh = (tag: string) => `${tag}-${Date.now().toString(36)}-${(n++).toString(36)}`;

export function connectionStoreCases(make: () => Promise<ConnectionStore>) {
  let store: ConnectionStore;
  let a: string;
  let b: string;
  beforeEach(async () => {
    store = await make();
    a = fresh('ana');
    b = fresh('bruno');
  });

  it('creates a side once and refuses to create it again', async () => {
    await expect(store.create(a, b, 'enviada')).resolves.toBe(true);
    await expect(store.create(a, b, 'conectado')).resolves.toBe(false);
    expect(await store.get(a, b)).toMatchObject({ otherId: b, estado: 'enviada' });
  });

  it('keeps each side in its owner\'s view only', async () => {
    await store.create(a, b, 'enviada');
    await expect(store.get(b, a)).resolves.toBeUndefined();
    expect(await store.list(b)).toEqual([]);
  });

  it('connects a side that is in one of the allowed states', async () => {
    await store.create(b, a, 'recibida');
    await expect(store.connect(b, a, ['recibida'])).resolves.toBe(true);
    expect((await store.get(b, a))?.estado).toBe('conectado');
  });

  it('refuses to connect a side in another state and leaves it as it was', async () => {
    await store.create(a, b, 'enviada');
    await expect(store.connect(a, b, ['recibida'])).resolves.toBe(false);
    expect((await store.get(a, b))?.estado).toBe('enviada');
  });

  it('refuses to connect a side that does not exist, and creates nothing', async () => {
    await expect(store.connect(a, b, ['recibida', 'enviada'])).resolves.toBe(false);
    await expect(store.get(a, b)).resolves.toBeUndefined();
  });

  it('removes a side, and removing a missing side is no error', async () => {
    await store.create(a, b, 'conectado');
    await store.remove(a, b);
    await expect(store.get(a, b)).resolves.toBeUndefined();
    await expect(store.remove(a, b)).resolves.toBeUndefined();
  });

  it('lists every side of its owner', async () => {
    const c = fresh('carla');
    await store.create(a, b, 'enviada');
    await store.create(a, c, 'conectado');
    const sides = await store.list(a);
    expect(sides.map((s) => [s.otherId, s.estado]).sort()).toEqual([[b, 'enviada'], [c, 'conectado']].sort());
  });

  it('counts requests sent per day up to the limit', async () => {
    await expect(store.countRequest(a, '2026-11-22', 2)).resolves.toBe(true);
    await expect(store.countRequest(a, '2026-11-22', 2)).resolves.toBe(true);
    await expect(store.countRequest(a, '2026-11-22', 2)).resolves.toBe(false);
    await expect(store.countRequest(a, '2026-11-23', 2)).resolves.toBe(true);
    await expect(store.countRequest(b, '2026-11-22', 2)).resolves.toBe(true);
  });
}
