import type { PlatformItem, QueueEntry } from '../../../lambdas/lti/lti-items';
import { MAX_BATCHES, SWEEP_BATCH, sweepExpired, sweepQueue } from '../../../lambdas/lti/registration-expiry';

// The LTI queue's whole run (registration-expiry.ts sweepQueue: the schedule's, the local stack's, `caducar`'s). A
// fake LTIEXPIRY partition read oldest first, as the store's Query reads it: each handled entry leaves it, a failed
// publication's retry queues the next one later.

const NOW = new Date('2026-12-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function queue(entries: QueueEntry[], opts: { retryDueAgain?: boolean } = {}) {
  const items = [...entries];
  const expired: string[] = [];
  let read = 0;
  const drop = (e: QueueEntry) => items.splice(items.indexOf(e), 1);
  return {
    expired,
    left: () => items.filter((e) => e.caducaEn <= NOW.toISOString()).length,
    reads: () => read,
    store: {
      expiredPlatforms: (nowIso: string, limit: number) => {
        read += 1;
        return Promise.resolve(items.filter((e) => e.caducaEn <= nowIso).sort((a, b) => a.caducaEn.localeCompare(b.caducaEn)).slice(0, limit));
      },
      releaseReservation: (e: QueueEntry) => Promise.resolve(Boolean(drop(e))),
      retryPublication: (e: QueueEntry & { intento: number }) => {
        drop(e);
        // A publication that fails again is queued for later (frame-store.ts), or, in the flood case, due at once.
        items.push({ ...e, intento: e.intento + 1, caducaEn: opts.retryDueAgain ? e.caducaEn : at(5) });
        return Promise.resolve(false);
      },
      expirePlatform: (e: QueueEntry & { issuer: string }) => {
        drop(e);
        expired.push(e.issuer);
        return Promise.resolve({ issuer: e.issuer } as PlatformItem);
      },
    },
  };
}

const reservation = (i: number): QueueEntry => ({ dominio: 'colegio.example', reserva: `r${i}`, caducaEn: at(-120 + i / 100) });
const publication = (i: number): QueueEntry => ({ issuer: `https://p${i}.example`, clientId: 'c', publicar: true, intento: 1, caducaEn: at(-60 + i / 100) });
const registration = (i: number): QueueEntry => ({ issuer: `https://r${i}.example`, clientId: 'c', registro: 'x', caducaEn: at(-30 + i / 100) });

describe('the LTI queue\'s whole run', () => {
  it('a first batch of stale reservations only (no registration deleted) does not end the run: every due entry is handled', async () => {
    const entries = [...Array.from({ length: 30 }, (_, i) => reservation(i)), ...Array.from({ length: 3 }, (_, i) => publication(i)), registration(1), registration(2)];
    // One batch (a registration's sweep) deletes none of the registrations: they are behind 25 reservations.
    const one = queue(entries);
    expect(await sweepExpired(one.store, NOW)).toBe(0);
    expect(one.left()).toBe(entries.length - SWEEP_BATCH);

    const whole = queue(entries);
    expect(await sweepQueue(whole.store, NOW)).toEqual({ caducadas: 2, entradas: entries.length });
    expect(whole.expired).toEqual(['https://r1.example', 'https://r2.example']);
    expect(whole.left()).toBe(0);
    expect(whole.reads()).toBe(2);
  });

  it(`a queue that never empties (retries due again at once) ends after ${MAX_BATCHES} batches: a run is bounded`, async () => {
    const flood = queue(Array.from({ length: 40 }, (_, i) => publication(i)), { retryDueAgain: true });
    expect(await sweepQueue(flood.store, NOW)).toEqual({ caducadas: 0, entradas: MAX_BATCHES * SWEEP_BATCH });
    expect(flood.reads()).toBe(MAX_BATCHES);
  });

  it('an empty queue is one read', async () => {
    const empty = queue([]);
    expect(await sweepQueue(empty.store, NOW)).toEqual({ caducadas: 0, entradas: 0 });
    expect(empty.reads()).toBe(1);
  });
});
