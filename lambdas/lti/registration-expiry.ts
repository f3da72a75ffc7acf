import { logger } from '../shared/logger';
import { isPublication, isReservation } from './lti-items';
import type { PlatformStore } from './platform-store';

// Unproven registrations expire (docs/lti.md "How many registrations"). Not by DynamoDB's TTL: an expiry must also
// give back its account's and domain's counts and withdraw its key from the frame store, which a TTL deletion
// cannot. Reads treat one past its expiry as gone at once (lti-items.ts `expired`); the sweep deletes it, in the
// same transaction as its counts, and the store's wrapper (frame-store.ts) withdraws its key. The sweep runs
// before every registration, when the frame store's room is about to be needed, and by the operator's
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
  const nowIso = now.toISOString();
  const due = await store.expiredPlatforms(nowIso, limit);
  let deleted = 0;
  for (const entry of due) {
    if (isReservation(entry)) await store.releaseReservation(entry);
    else if (isPublication(entry)) await store.retryPublication(entry);
    else if (await store.expirePlatform(entry, nowIso)) deleted += 1;
  }
  return deleted;
}

/** Before a registration: a sweep that fails is logged, never the registration's refusal (the next one sweeps again). */
export async function sweepBeforeRegistering(store: Sweepable, now: Date): Promise<void> {
  await sweepExpired(store, now).catch((error: unknown) => logger.warn('lti: the expired registrations were not swept', { error: String(error) }));
}
