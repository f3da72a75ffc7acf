import type { BillingDetails, Invoice, PaymentMethod, PlanSummary } from '../contract';
import { budgetView, type PlanName, type PlanQuotas, PLANS } from '../plans';
import { conflict, notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import { ensureCustomer, existingCustomer, PROFILE_MISSING, type CheckoutDeps } from './checkout';

// What a learner reads and edits about their own payments. Every call starts from the caller's
// own profile (the customer id stored on it): no request ever names a customer or another learner.

const METHOD_NOT_FOUND = 'No encontramos ese método de pago entre los tuyos.';

export async function paymentHistory(deps: CheckoutDeps, userId: string): Promise<Invoice[]> {
  const customerId = await existingCustomer(deps, userId);
  return customerId ? deps.stripe.invoices(customerId) : [];
}

export async function paymentMethods(deps: CheckoutDeps, userId: string): Promise<PaymentMethod[]> {
  const customerId = await existingCustomer(deps, userId);
  return customerId ? deps.stripe.cards(customerId) : [];
}

/** The method must be one of the caller's own cards: anything else is "not found", never touched. */
async function ownMethod(deps: CheckoutDeps, userId: string, methodId: string) {
  const customerId = await existingCustomer(deps, userId);
  const cards = customerId ? await deps.stripe.cards(customerId) : [];
  const card = cards.find((c) => c.id === methodId);
  if (!customerId || !card) throw notFound(METHOD_NOT_FOUND);
  return { customerId, card, cards };
}

export async function setDefaultMethod(deps: CheckoutDeps, userId: string, methodId: string): Promise<PaymentMethod[]> {
  const { customerId } = await ownMethod(deps, userId, methodId);
  await deps.stripe.setDefaultPaymentMethod(customerId, methodId);
  return deps.stripe.cards(customerId);
}

export async function removeMethod(deps: CheckoutDeps, userId: string, methodId: string): Promise<PaymentMethod[]> {
  const { customerId, cards } = await ownMethod(deps, userId, methodId);
  const profile = await deps.store.profile(userId);
  const renewing = profile?.plan === 'premium' && !profile.suscripcion?.cancelaAlFinal;
  if (renewing && cards.length === 1) {
    throw conflict('No puedes eliminar tu único método de pago mientras tu suscripción premium se renueva. Añade otro antes.');
  }
  await deps.stripe.detachPaymentMethod(methodId);
  const rest = await deps.stripe.cards(customerId);
  // Removing the default leaves another card as default, so renewals still have one.
  if (rest.length && !rest.some((c) => c.predeterminada)) {
    await deps.stripe.setDefaultPaymentMethod(customerId, rest[0].id);
    return deps.stripe.cards(customerId);
  }
  return rest;
}

export async function billingDetails(deps: CheckoutDeps, userId: string): Promise<BillingDetails | null> {
  const customerId = await existingCustomer(deps, userId);
  return customerId ? deps.stripe.billing(customerId) : null;
}

export async function saveBillingDetails(deps: CheckoutDeps, userId: string, details: BillingDetails): Promise<BillingDetails> {
  const customerId = await ensureCustomer(deps, userId);
  await deps.stripe.updateBilling(customerId, details);
  return details;
}

/** The plans side by side with Stripe's prices, the learner's plan, usage and subscription. */
export async function planSummary(deps: CheckoutDeps & { quotas: PlanQuotas }, userId: string): Promise<PlanSummary> {
  const profile = await deps.store.profile(userId);
  if (!profile) throw notFound(PROFILE_MISSING);
  // Without prices (Stripe unreachable, ids not configured) the plans and usage still show.
  const prices = deps.stripe.prices(deps.config.priceIds).catch((error) => {
    logger.error('could not read the premium prices from Stripe', { error: error as Error });
    return [];
  });
  const [uso, precios] = await Promise.all([deps.quotas.usage(userId), prices]);
  const s = profile.suscripcion;
  return {
    plan: profile.plan,
    // The budget in dollars stays on the server: the learner reads what it buys (uso.ia).
    planes: (Object.keys(PLANS) as PlanName[]).map((nombre) => {
      const { presupuestoIAUsdPorMes: _dollars, ...limits } = PLANS[nombre];
      return { nombre, ...limits, precios: nombre === 'premium' ? precios : [] };
    }),
    uso: {
      cursos: uso.cursos, mensajesTutor: uso.mensajesTutor, diplomado: uso.diplomado, porDia: uso.porDia,
      ...(uso.presupuestoIA && { ia: budgetView(uso.presupuestoIA, Math.max(0, uso.cursos.limite - uso.cursos.usados), Math.max(0, uso.mensajesTutor.limite - uso.mensajesTutor.usados)) }),
    },
    suscripcion: s
      ? { estado: s.estado, periodo: s.periodo, renuevaEl: s.renuevaEl, cancelaAlFinal: s.cancelaAlFinal, pagoFallido: Boolean(profile.pagoFallido) }
      : null,
  };
}
