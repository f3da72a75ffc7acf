import type Stripe from 'stripe';
import { clock } from '../shared/clock';
import { badRequest } from '../shared/errors';
import { logger } from '../shared/logger';
import { countMetric } from '../shared/observability';
import type { EventLease, PaymentsStore, StripeGateway, SubscriptionState } from './ports';
import { PREMIUM_STATUSES } from './stripe-mappers';

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
    // A deleted account's customer: a Checkout paid during or after the deletion is undone.
    if (customerId && (await deps.stripe.customerClosed(customerId))) return undoForClosedAccount(deps, event);
    logger.warn('stripe event for an unknown customer', { eventId: event.id, type: event.type, customerId });
    return 'ignored';
  }
  const at = event.created;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription' && session.subscription) {
        if (await deps.stripe.customerClosed(customerId!)) return undoForClosedAccount(deps, event);
        const kept = await settle(deps, userId, customerId!, idOf(session.subscription)!, at);
        await makeDefaultIfNone(deps, customerId!, kept.defaultPaymentMethod);
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
      await settle(deps, userId, customerId!, event.data.object.id, at);
      return 'processed';
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subId = idOf(invoice.parent?.subscription_details?.subscription);
      if (subId) await settle(deps, userId, customerId!, subId, at);
      await deps.store.setPaymentFailed(userId, event.type === 'invoice.payment_failed', at);
      return 'processed';
    }
    default:
      return 'ignored';
  }
}

/** Of two live subscriptions, the one created first (then the smaller id) is kept: every delivery picks the same. */
const older = (a: SubscriptionState, b: SubscriptionState) => a.created - b.created || (a.id < b.id ? -1 : 1);

/**
 * One subscription per learner, whatever happened (two tabs, two periods, both paid): reads the
 * customer's subscriptions from Stripe; if more than one is live, every one but the oldest is
 * cancelled now and its payment refunded (idempotency keys per subscription and invoice, so
 * concurrent or repeated deliveries refund once), and the plan follows the one kept. Otherwise the
 * event's subscription, as Stripe has it now, is applied.
 */
async function settle(deps: WebhookDeps, userId: string, customerId: string, subscriptionId: string, at: number): Promise<SubscriptionState> {
  const live = (await deps.stripe.liveSubscriptions(customerId)).filter((s) => PREMIUM_STATUSES.has(s.status)).sort(older);
  const [kept, ...extra] = live;
  for (const dup of extra) {
    await deps.stripe.cancelAndRefund(dup.id);
    countMetric('SubscriptionRefunded');
    logger.warn('second live subscription cancelled and refunded', { userId, kept: kept.id, cancelled: dup.id });
  }
  const applied = kept ?? (await deps.stripe.subscription(subscriptionId));
  await deps.store.applySubscription(userId, applied, at);
  return applied;
}

/** The subscription a payment event (a completed Checkout, a paid invoice) paid for, if any. */
function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : null;
    case 'invoice.paid':
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

/**
 * A deleted account's customer (account-closure.ts marked it): nothing is written; a subscription
 * this event shows paid (a Checkout completed during or after the deletion) ends now and is refunded.
 */
async function undoForClosedAccount(deps: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const subId = subscriptionOf(event);
  if (!subId) return 'ignored';
  const refund = await deps.stripe.cancelAndRefund(subId);
  logger.warn('payment after account deletion cancelled', { eventId: event.id, subscription: subId, refund });
  countMetric('SubscriptionRefunded');
  return 'processed';
}

/** A first card becomes the customer's default, so invoices and the methods page agree. */
async function makeDefaultIfNone(deps: WebhookDeps, customerId: string, paymentMethodId: string | null) {
  if (!paymentMethodId) return;
  if (!(await deps.stripe.defaultPaymentMethod(customerId))) await deps.stripe.setDefaultPaymentMethod(customerId, paymentMethodId);
}
