import type { BillingDetails, BillingPeriod, Invoice, PaymentMethod, PlanPrice } from '../contract';
import type { PlanName } from '../plans/plans';

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
}

/** The Stripe calls the payments use cases make (adapter: stripe-gateway.ts; tests pass fakes). */
export interface StripeGateway {
  createCustomer(learner: { userId: string; email: string; nombre: string }): Promise<string>;
  /** False when the customer no longer exists (deleted in Stripe). */
  customerExists(customerId: string): Promise<boolean>;
  subscriptionCheckout(args: { customerId: string; userId: string; priceId: string; successUrl: string; cancelUrl: string }): Promise<string>;
  setupCheckout(args: { customerId: string; userId: string; successUrl: string; cancelUrl: string }): Promise<string>;
  subscription(id: string): Promise<SubscriptionState>;
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
   * Stores the learner's customer id once; answers the id that won if another request stored one
   * first. `replacing` swaps a customer that no longer exists in Stripe.
   */
  linkCustomer(userId: string, customerId: string, replacing?: string): Promise<string>;
  /** The learner a Stripe customer belongs to (the STRIPE#<customerId> index item). */
  learnerForCustomer(customerId: string): Promise<string | undefined>;
  /** True the first time an event id is seen; false for a replay. */
  claimEvent(eventId: string, type: string): Promise<boolean>;
  /** Forgets a claimed event whose processing failed, so Stripe's retry is processed. */
  releaseEvent(eventId: string): Promise<void>;
  /**
   * Applies a subscription's state unless a later event (by Stripe's `created`, seconds) already
   * did; false when it was stale. A cancellation of a subscription that is not the current one is ignored.
   */
  applySubscription(userId: string, sub: SubscriptionState, eventCreated: number): Promise<boolean>;
  setPaymentFailed(userId: string, failed: boolean, eventCreated: number): Promise<boolean>;
}
