import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { conflict } from '../shared/errors';
import { tableIdempotencyRecords } from '../shared/idempotency-records';
import type { EventLease } from './ports';

// Each Stripe event is processed under a lease (Powertools Idempotency): the first delivery writes
// an INPROGRESS record that expires when the invocation's time runs out, then COMPLETED once the
// event is applied. A delivery arriving meanwhile is refused (409: Stripe retries it later); once
// the lease has expired (the function was killed by its timeout) the next delivery claims it again
// and applies the event; a failure deletes the record, so Stripe's retry applies it.

/** Longer than Stripe's retries (3 days) so a late redelivery is still recognised; then the TTL deletes it. */
export const EVENT_RECORD_SECONDS = 7 * 24 * 3600;
/** The partition of the lease records: `(STRIPE_EVENT, stripe-event#<md5 of the event id>)`. */
export const EVENT_LEASE_PK = 'STRIPE_EVENT';
export const EVENT_KEY_PREFIX = 'stripe-event';
export const EVENT_IN_PROGRESS = 'Este evento de Stripe ya se está procesando; se reintentará.';

/** Powertools' DynamoDB persistence on the app's single table, in the events' own partition. */
export function tableEventRecords(tableName: string, client: DynamoDBClient): BasePersistenceLayer {
  return tableIdempotencyRecords(tableName, client, EVENT_LEASE_PK);
}

/** The EventLease port on a Powertools persistence layer (the table above; tests may pass another). */
export function powertoolsEventLease(persistenceStore: BasePersistenceLayer): EventLease {
  return async (eventId, process, leaseMs) => {
    let ran = false;
    const config = new IdempotencyConfig({
      expiresAfterSeconds: EVENT_RECORD_SECONDS,
      // The lease: what this invocation has left before Lambda stops it.
      lambdaContext: { getRemainingTimeInMillis: () => leaseMs } as Context,
    });
    const once = makeIdempotent(
      async (_eventId: string) => {
        ran = true;
        return process();
      },
      { persistenceStore, config, keyPrefix: EVENT_KEY_PREFIX },
    );
    try {
      const result = await once(eventId);
      return { result, replayed: !ran };
    } catch (error) {
      if ((error as Error).name === 'IdempotencyAlreadyInProgressError') throw conflict(EVENT_IN_PROGRESS);
      throw error;
    }
  };
}
