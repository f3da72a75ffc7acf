import { logger } from '../shared/logger';
import { isPublication, isReservation } from './lti-items';
import type { PlatformStore } from './platform-store';

// Unproven registrations expire (docs/lti.md "How many registrations"). Not by DynamoDB's TTL: an expiry must also
// give back its account's and domain's counts and withdraw its key from the frame store, which a TTL deletion
// cannot. Reads treat one past its expiry as gone at once (lti-items.ts `expired`); the sweep deletes it, in the
// same transaction as its counts, and the store's wrapper (frame-store.ts) withdraws its key. The sweep runs
// before every registration (one batch), when the frame store's room is about to be needed; the whole queue runs
// every EXPIRY_EVERY_MINUTES (expiry-handler.ts, on EventBridge Scheduler) and by the operator's
// `scripts/lti-platforms.ts caducar`.

/** At most this many per registration: a sweep never holds a registration back for long, and keeps ahead of any flood. */
export const SWEEP_BATCH = 25;

type Sweepable = Pick<PlatformStore, 'expiredPlatforms' | 'expirePlatform' | 'releaseReservation' | 'retryPublication'>;

/**
 * Deletes up to `limit` expired registrations, oldest first, gives back the domain reservations left stale by a
 * Dynamic Registration that died halfway (dynamic-registration.ts), and retries the frame-store publications due
 * (frame-store.ts): how many registrations it deleted. Each entry is one conditional write or one publication, so
 * the sweep is bounded by `limit` and can run twice at once (each entry's writes are idempotent).
 */
export async function sweepExpired(store: Sweepable, now: Date, limit = SWEEP_BATCH): Promise<number> {
  return (await sweepBatch(store, now, limit)).caducadas;
}

async function sweepBatch(store: Sweepable, now: Date, limit: number): Promise<{ caducadas: number; entradas: number }> {
  const nowIso = now.toISOString();
  const due = await store.expiredPlatforms(nowIso, limit);
  let caducadas = 0;
  for (const entry of due) {
    if (isReservation(entry)) await store.releaseReservation(entry);
    else if (isPublication(entry)) await store.retryPublication(entry);
    else if (await store.expirePlatform(entry, nowIso)) caducadas += 1;
  }
  return { caducadas, entradas: due.length };
}

/** How often the schedule runs the whole queue (infra/aws/lti-expiry.ts): a failed publication's first retry is due 5 minutes on. */
export const EXPIRY_EVERY_MINUTES = 5;
/** Batches in one run of the whole queue: 500 entries; a longer queue is finished by the next run. */
export const MAX_BATCHES = 20;

/**
 * The whole queue, batch after batch while a batch came back full (EventBridge Scheduler every few minutes, locally
 * the stack's timer, and the operator's `caducar`): how many registrations it deleted and how many entries it handled.
 * Counting entries, not deletions: a batch of reservations and publications deletes no registration and still
 * leaves the next batch to read (until 2026-12-01 `caducar` stopped there).
 */
export async function sweepQueue(store: Sweepable, now: Date, limit = SWEEP_BATCH): Promise<{ caducadas: number; entradas: number }> {
  const total = { caducadas: 0, entradas: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const swept = await sweepBatch(store, now, limit);
    total.caducadas += swept.caducadas;
    total.entradas += swept.entradas;
    if (swept.entradas < limit) break;
  }
  return total;
}

/** Before a registration: a sweep that fails is logged, never the registration's refusal (the next one sweeps again). */
export async function sweepBeforeRegistering(store: Sweepable, now: Date): Promise<void> {
  await sweepExpired(store, now).catch((error: unknown) => logger.warn('lti: the expired registrations were not swept', { error: String(error) }));
}
