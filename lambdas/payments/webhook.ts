import type Stripe from 'stripe';
import { clock } from '../shared/clock';
import { badRequest } from '../shared/errors';
import { logger } from '../shared/logger';
import { countMetric } from '../shared/observability';
import type { EventLease, PaymentsStore, StripeGateway } from './ports';

export interface WebhookDeps {
  store: PaymentsStore;
  stripe: StripeGateway;
  /** Each event applied once, under a lease (event-lease.ts). */
  lease: EventLease;
  /**
   * Verifies the Stripe-Signature header on the exact raw body; throws otherwise. `receivedAt` (ms, by
   * the injected clock) is for Stripe's `constructEvent(raw, signature, secret, WEBHOOK_TOLERANCE_S,
   * undefined, receivedAt)`; the age is also checked here, by the same clock, before verifying.
   */
  verify: (raw: Buffer, signature: string, receivedAt: number) => Promise<Stripe.Event>;
}

/** Stripe's own default: a signature older than this may be a replay. */
export const WEBHOOK_TOLERANCE_S = 300;

/** The `t=` of a Stripe-Signature header, in seconds; NaN when there is none. */
const signedAt = (signature: string) => Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1] ?? NaN);

export const BAD_SIGNATURE = 'La firma de Stripe no es válida.';

export type WebhookOutcome = 'processed' | 'replayed' | 'ignored';

/**
 * Stripe's events are the ONLY way a plan changes. Unsigned, forged or stale requests are refused
 * (400) before anything is read or written; each event id is applied once, under a lease that lasts
 * `leaseMs` (the time the invocation has left); the subscription is read again from Stripe, so what
 * is applied is its current state whatever order the events arrive in, and an event older than the
 * one that last changed the plan is ignored.
 */
export async function handleStripeWebhook(deps: WebhookDeps, raw: Buffer, signature: string | undefined, leaseMs: number): Promise<WebhookOutcome> {
  if (!signature) throw badRequest(BAD_SIGNATURE);
  const receivedAt = clock.now().getTime();
  // `!(age <= tolerance)` also refuses a header without a timestamp (NaN).
  if (!(receivedAt / 1000 - signedAt(signature) <= WEBHOOK_TOLERANCE_S)) {
    logger.warn('stripe webhook refused', { reason: 'signature timestamp missing or older than the tolerance' });
    throw badRequest(BAD_SIGNATURE);
  }
  let event: Stripe.Event;
  try {
    event = await deps.verify(raw, signature, receivedAt);
  } catch (error) {
    logger.warn('stripe webhook refused', { reason: (error as Error).message });
    throw badRequest(BAD_SIGNATURE);
  }
  try {
    const { result, replayed } = await deps.lease(event.id, () => apply(deps, event), leaseMs);
    return replayed ? 'replayed' : result;
  } catch (error) {
    // Not applied (the lease freed it, or another delivery holds it): Stripe's retry applies it.
    countMetric('WebhookFailed');
    throw error;
  }
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

async function apply(deps: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customerId = idOf(object.customer);
  const userId = customerId ? await deps.store.learnerForCustomer(customerId) : undefined;
  if (!userId) {
    logger.warn('stripe event for an unknown customer', { eventId: event.id, type: event.type, customerId });
    return 'ignored';
  }
  const at = event.created;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription' && session.subscription) {
        const sub = await deps.stripe.subscription(idOf(session.subscription)!);
        await deps.store.applySubscription(userId, sub, at);
        await makeDefaultIfNone(deps, customerId!, sub.defaultPaymentMethod);
        countMetric('CheckoutCompleted');
      } else if (session.mode === 'setup' && session.setup_intent) {
        await makeDefaultIfNone(deps, customerId!, await deps.stripe.setupIntentPaymentMethod(idOf(session.setup_intent)!));
      }
      return 'processed';
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      // The payload is a snapshot from when the event was made; Stripe's current state is the truth.
      await deps.store.applySubscription(userId, await deps.stripe.subscription(event.data.object.id), at);
      return 'processed';
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subId = idOf(invoice.parent?.subscription_details?.subscription);
      if (subId) await deps.store.applySubscription(userId, await deps.stripe.subscription(subId), at);
      await deps.store.setPaymentFailed(userId, event.type === 'invoice.payment_failed', at);
      return 'processed';
    }
    default:
      return 'ignored';
  }
}

/** A first card becomes the customer's default, so invoices and the methods page agree. */
async function makeDefaultIfNone(deps: WebhookDeps, customerId: string, paymentMethodId: string | null) {
  if (!paymentMethodId) return;
  if (!(await deps.stripe.defaultPaymentMethod(customerId))) await deps.stripe.setDefaultPaymentMethod(customerId, paymentMethodId);
}
