import type { BillingDetails, BillingPeriod, Invoice, PaymentMethod, PlanPrice } from '../contract';
import type { PlanName } from '../plans';

/** A subscription as the plan cares about it, taken from a verified Stripe object. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete... */
  status: string;
  periodo: BillingPeriod | null;
  /** ISO date the current period ends (renewal, or the end of premium when cancelling). */
  renuevaEl: string | null;
  cancelaAlFinal: boolean;
  defaultPaymentMethod: string | null;
  /** Unix seconds Stripe created it: of two live subscriptions, the older one is kept. */
  created: number;
}

/** The Stripe calls the payments use cases make (adapter: stripe-gateway.ts; tests pass fakes). */
export interface StripeGateway {
  /** Idempotency key derived from the learner (and the customer it replaces): a retry creates no second customer. */
  createCustomer(learner: { userId: string; email: string; nombre: string; replacing?: string }): Promise<string>;
  /** False when the customer no longer exists (deleted in Stripe). */
  customerExists(customerId: string): Promise<boolean>;
  /** An open Checkout for the same price is reused; otherwise one is created (idempotency key per learner, price and the customer's latest session). */
  subscriptionCheckout(args: { customerId: string; userId: string; priceId: string; successUrl: string; cancelUrl: string }): Promise<{ id: string; url: string }>;
  /** Expires every open subscription Checkout of the customer but `keep`, so it can no longer be paid; answers the ids expired. */
  expireOpenCheckouts(customerId: string, keep?: string): Promise<string[]>;
  setupCheckout(args: { customerId: string; userId: string; successUrl: string; cancelUrl: string }): Promise<string>;
  subscription(id: string): Promise<SubscriptionState>;
  /** The customer's subscriptions that are not over: active, trialing, past_due, unpaid or incomplete (pending payment). */
  liveSubscriptions(customerId: string): Promise<SubscriptionState[]>;
  /** Ends a subscription now, without waiting for the period's end (account closure). */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /**
   * A subscription that should never have been sold (a second one, or one paid after the account was
   * closed): ends it now and refunds its latest invoice's payment. Idempotent (keys per subscription
   * and invoice): a second call changes nothing. Answers the refund id, null when nothing was paid.
   */
  cancelAndRefund(subscriptionId: string): Promise<string | null>;
  /** Marks the customer as belonging to a deleted Mentora account (metadata), read by the webhook. */
  markCustomerClosed(customerId: string): Promise<void>;
  /** True when `markCustomerClosed` was called for this customer. */
  customerClosed(customerId: string): Promise<boolean>;
  /** Stripe's customer portal for this customer: cancel at period end, resume, change the card. */
  portalSession(args: { customerId: string; userId: string; returnUrl: string }): Promise<string>;
  setupIntentPaymentMethod(setupIntentId: string): Promise<string | null>;
  invoices(customerId: string): Promise<Invoice[]>;
  cards(customerId: string): Promise<PaymentMethod[]>;
  defaultPaymentMethod(customerId: string): Promise<string | null>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  billing(customerId: string): Promise<BillingDetails | null>;
  updateBilling(customerId: string, details: BillingDetails): Promise<void>;
  prices(priceIds: Record<BillingPeriod, string>): Promise<PlanPrice[]>;
}

/** The learner's payment state on their profile item, as verified events left it. */
export interface PaymentProfile {
  userId: string;
  email: string;
  nombre: string;
  plan: PlanName;
  stripeCustomerId?: string;
  suscripcion?: { id: string; estado: string; periodo: BillingPeriod | null; renuevaEl: string | null; cancelaAlFinal: boolean };
  pagoFallido?: boolean;
}

export interface PaymentsStore {
  profile(userId: string): Promise<PaymentProfile | undefined>;
  /**
   * Stores the learner's customer id on the profile AND the customer → learner link, in one
   * transaction (both or neither); answers the id that won if another request stored one first
   * (and links that one). `replacing` swaps a customer that no longer exists in Stripe. Calling it
   * again for the stored id repairs a missing link.
   */
  linkCustomer(userId: string, customerId: string, replacing?: string): Promise<string>;
  /** The customer id the learner's link item points at (what the webhook will find), if any. */
  linkedCustomer(userId: string): Promise<string | undefined>;
  /** The learner a Stripe customer belongs to (the STRIPE#<customerId> index item). */
  learnerForCustomer(customerId: string): Promise<string | undefined>;
  /**
   * Applies a subscription's state unless a later event (by Stripe's `created`, seconds) already
   * did; false when it was stale. A cancellation of a subscription that is not the current one is ignored.
   */
  applySubscription(userId: string, sub: SubscriptionState, eventCreated: number): Promise<boolean>;
  setPaymentFailed(userId: string, failed: boolean, eventCreated: number): Promise<boolean>;
  /**
   * Records the learner's one open subscription Checkout (`sessionId`, opened at `at` ms) unless a
   * request that started later already recorded its own (conditional write); answers the session
   * recorded now, after a consistent read: the one that stays open.
   */
  claimCheckout(userId: string, sessionId: string, at: number): Promise<string>;
}

/**
 * Runs a Stripe event's processing at most once to completion (event-lease.ts: Powertools
 * Idempotency on the table). `replayed` when an earlier delivery already completed it; a 409 while
 * another delivery holds an unexpired lease (`leaseMs` from its start: the time its invocation had
 * left); a failure frees the event for Stripe's retry.
 */
export type EventLease = <T extends string>(eventId: string, process: () => Promise<T>, leaseMs: number) => Promise<{ result: T; replayed: boolean }>;
