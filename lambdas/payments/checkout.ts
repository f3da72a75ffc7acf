import type { BillingPeriod } from '../contract';
import { conflict, notFound } from '../shared/errors';
import type { PaymentsStore, StripeGateway } from './ports';

export interface PaymentsConfig {
  /** The site's origin (https://app.example.com), where Checkout sends the learner back. */
  siteUrl: string;
  priceIds: Record<BillingPeriod, string>;
}

export interface CheckoutDeps {
  store: PaymentsStore;
  stripe: StripeGateway;
  config: PaymentsConfig;
}

export const PROFILE_MISSING = 'No encontramos tu perfil. Cierra sesión y vuelve a entrar.';

/** The learner's Stripe customer: created on first need, its id stored once on the learner. */
export async function ensureCustomer(deps: CheckoutDeps, userId: string): Promise<string> {
  const profile = await deps.store.profile(userId);
  if (!profile) throw notFound(PROFILE_MISSING);
  const current = profile.stripeCustomerId;
  if (current && (await deps.stripe.customerExists(current))) return current;
  const created = await deps.stripe.createCustomer({ userId, email: profile.email, nombre: profile.nombre });
  return deps.store.linkCustomer(userId, created, current);
}

/** The learner's customer id when one exists; reading never creates a customer. */
export async function existingCustomer(deps: Pick<CheckoutDeps, 'store'>, userId: string): Promise<string | undefined> {
  const profile = await deps.store.profile(userId);
  if (!profile) throw notFound(PROFILE_MISSING);
  return profile.stripeCustomerId;
}

/**
 * Opens Stripe Checkout for the premium subscription. Nothing changes here: the plan changes only
 * when Stripe's signed `checkout.session.completed` (and subscription) events arrive at the webhook.
 */
export async function startUpgrade(deps: CheckoutDeps, userId: string, period: BillingPeriod): Promise<string> {
  const profile = await deps.store.profile(userId);
  if (!profile) throw notFound(PROFILE_MISSING);
  if (profile.plan === 'premium') throw conflict('Ya tienes el plan premium.');
  const customerId = await ensureCustomer(deps, userId);
  const site = deps.config.siteUrl.replace(/\/+$/, '');
  return deps.stripe.subscriptionCheckout({
    customerId,
    userId,
    priceId: deps.config.priceIds[period],
    successUrl: `${site}/payments/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${site}/payments/cancel`,
  });
}

/** Opens Stripe Checkout in setup mode: the learner saves a card without paying anything. */
export async function startAddPaymentMethod(deps: CheckoutDeps, userId: string): Promise<string> {
  const customerId = await ensureCustomer(deps, userId);
  const site = deps.config.siteUrl.replace(/\/+$/, '');
  return deps.stripe.setupCheckout({
    customerId,
    userId,
    successUrl: `${site}/payments/methods?resultado=guardado`,
    cancelUrl: `${site}/payments/methods?resultado=cancelado`,
  });
}
