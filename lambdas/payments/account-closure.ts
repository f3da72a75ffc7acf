import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { dynamoPaymentsStore } from './payments-store';
import type { PaymentsStore, StripeGateway } from './ports';
import { stripeClient, stripeSettings } from './stripe-client';
import { stripeGateway } from './stripe-gateway';

// What deleting a Mentora account does on the Stripe side (issue 14, "delete the account"; issue 20):
// the customer is marked closed, its open Checkout sessions are expired, any subscription ends now
// and every saved card is detached, so nothing can be paid or charged again. A Checkout paid in the
// race anyway is refunded by the webhook, which sees the mark. The Stripe customer itself is kept:
// its invoices are accounting records Stripe retains anyway.

export interface ClosureDeps {
  store: Pick<PaymentsStore, 'profile' | 'linkedCustomer'>;
  stripe: Pick<StripeGateway, 'markCustomerClosed' | 'expireOpenCheckouts' | 'liveSubscriptions' | 'cancelSubscriptionNow' | 'cards' | 'detachPaymentMethod'>;
}

export interface ClosureResult {
  /** The learner's Stripe customer, null when they never had one. */
  customerId: string | null;
  checkoutsExpired: string[];
  subscriptionsCanceled: string[];
  methodsRemoved: string[];
}

/**
 * Marks the learner's Stripe customer closed, expires its open subscription Checkouts, cancels every
 * live subscription immediately and detaches all of its payment methods. Idempotent and resumable:
 * calling it again after a partial run finishes the job and does nothing once done. Call it BEFORE deleting the learner's items: the customer id is
 * read from the profile (or, if the profile is already gone, from the STRIPE_CUSTOMER link item).
 * The `customer.subscription.deleted` webhook that follows finds no profile and changes nothing.
 */
export async function closeCustomer(deps: ClosureDeps, userId: string): Promise<ClosureResult> {
  const profile = await deps.store.profile(userId);
  const customerId = profile?.stripeCustomerId ?? (await deps.store.linkedCustomer(userId));
  if (!customerId) return { customerId: null, checkoutsExpired: [], subscriptionsCanceled: [], methodsRemoved: [] };
  // The mark first: from here on, a payment the webhook sees for this customer is refunded.
  await deps.stripe.markCustomerClosed(customerId);
  const checkoutsExpired = await deps.stripe.expireOpenCheckouts(customerId);
  const subscriptions = await deps.stripe.liveSubscriptions(customerId);
  // Subscriptions first: a renewal must not charge a card between the two steps.
  for (const sub of subscriptions) await deps.stripe.cancelSubscriptionNow(sub.id);
  const cards = await deps.stripe.cards(customerId);
  for (const card of cards) await deps.stripe.detachPaymentMethod(card.id);
  return { customerId, checkoutsExpired, subscriptionsCanceled: subscriptions.map((s) => s.id), methodsRemoved: cards.map((c) => c.id) };
}

let wired: ((userId: string) => Promise<ClosureResult>) | undefined;

/**
 * `closeCustomer` wired to DynamoDB and Stripe from the calling function's environment: TABLE_NAME,
 * STRIPE_SECRET_ARN (and STRIPE_API_HOST/PORT/PROTOCOL locally). The function needs GetItem on the
 * table and secretsmanager:GetSecretValue on the Stripe secret. Read on first call, not at import.
 */
export function stripeAccountClosure(): (userId: string) => Promise<ClosureResult> {
  wired ??= (() => {
    const config = readConfig({ TABLE_NAME: tableName, ...stripeSettings });
    const { stripe } = stripeClient(config);
    const deps: ClosureDeps = { store: dynamoPaymentsStore(documentClient(), config.TABLE_NAME), stripe: stripeGateway(stripe) };
    return (userId: string) => closeCustomer(deps, userId);
  })();
  return wired;
}
