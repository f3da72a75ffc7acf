import type { BillingPeriod } from '../contract';
import { clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import type { PaymentProfile, PaymentsStore, StripeGateway } from './ports';

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

export const SUBSCRIPTION_LIVE = 'Ya tienes una suscripción activa o con un pago en curso. Puedes gestionarla desde «Gestionar suscripción».';

/**
 * The learner's Stripe customer: created on first need, its id and its customer → learner link
 * stored together (one transaction). Every call also checks the link the webhook will follow and
 * repairs it if it is missing or stale, so a learner is never left unreachable by their own events.
 */
export async function ensureCustomer(deps: CheckoutDeps, userId: string, known?: PaymentProfile): Promise<string> {
  const profile = known ?? (await deps.store.profile(userId));
  if (!profile) throw notFound(PROFILE_MISSING);
  const current = profile.stripeCustomerId;
  if (current) {
    const [exists, linked] = await Promise.all([deps.stripe.customerExists(current), deps.store.linkedCustomer(userId)]);
    if (exists) return linked === current ? current : deps.store.linkCustomer(userId, current);
  }
  const created = await deps.stripe.createCustomer({ userId, email: profile.email, nombre: profile.nombre, replacing: current });
  return deps.store.linkCustomer(userId, created, current);
}

/** The learner's customer id when one exists; reading never creates a customer. */
export async function existingCustomer(deps: Pick<CheckoutDeps, 'store'>, userId: string): Promise<string | undefined> {
  const profile = await deps.store.profile(userId);
  if (!profile) throw notFound(PROFILE_MISSING);
  return profile.stripeCustomerId;
}

export const CHECKOUT_ELSEWHERE = 'Acabas de abrir el pago de otro plan en otra pestaña. Complétalo allí o vuelve a elegir tu plan.';

/**
 * Opens Stripe Checkout for the premium subscription. Nothing changes here: the plan changes only
 * when Stripe's signed `checkout.session.completed` (and subscription) events arrive at the webhook.
 * A learner has at most one open subscription Checkout: the session is recorded with a conditional
 * write (the latest request wins), and every other open one (another period, another tab) is
 * expired in Stripe, so it can no longer be paid. The webhook keeps one subscription if two were paid anyway.
 */
export async function startUpgrade(deps: CheckoutDeps, userId: string, period: BillingPeriod): Promise<string> {
  const startedAt = clock.now().getTime();
  const profile = await deps.store.profile(userId);
  if (!profile) throw notFound(PROFILE_MISSING);
  if (profile.plan === 'premium') throw conflict('Ya tienes el plan premium.');
  const customerId = await ensureCustomer(deps, userId, profile);
  // Stripe, not the profile, is asked: a subscription paid a moment ago whose events have not
  // arrived yet, or one awaiting its first payment (incomplete), must not be paid for twice.
  if ((await deps.stripe.liveSubscriptions(customerId)).length > 0) throw conflict(SUBSCRIPTION_LIVE);
  const site = deps.config.siteUrl.replace(/\/+$/, '');
  const session = await deps.stripe.subscriptionCheckout({
    customerId,
    userId,
    priceId: deps.config.priceIds[period],
    successUrl: `${site}/payments/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${site}/payments/cancel`,
  });
  const kept = await deps.store.claimCheckout(userId, session.id, startedAt);
  await deps.stripe.expireOpenCheckouts(customerId, kept);
  // A request from another tab started after this one and won: this session was just expired.
  if (kept !== session.id) throw conflict(CHECKOUT_ELSEWHERE);
  return session.url;
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

export const NO_SUBSCRIPTION = 'Aún no tienes una suscripción que gestionar. Elige un plan premium para empezar.';

/**
 * Stripe's customer portal, where the learner cancels at the end of the period, resumes, or changes
 * the card. Nothing changes here either: the portal's changes arrive as signed webhooks.
 */
export async function openPortal(deps: CheckoutDeps, userId: string): Promise<string> {
  const profile = await deps.store.profile(userId);
  if (!profile) throw notFound(PROFILE_MISSING);
  if (!profile.stripeCustomerId || !profile.suscripcion) throw conflict(NO_SUBSCRIPTION);
  const customerId = await ensureCustomer(deps, userId, profile);
  const site = deps.config.siteUrl.replace(/\/+$/, '');
  return deps.stripe.portalSession({ customerId, userId, returnUrl: `${site}/changeplan` });
}
