import type Stripe from 'stripe';
import type { BillingPeriod, PlanPrice } from '../contract';
import { clock } from '../shared/clock';
import type { StripeGateway } from './ports';
import { defaultMethodOf, TAX_ID_INVOICE_FIELD, TAX_ID_METADATA, toBilling, toCard, toInvoice, toSubscriptionState } from './stripe-mappers';

const asCustomer = (c: Stripe.Customer | Stripe.DeletedCustomer) => (c.deleted ? undefined : c);

/** Subscriptions that are over; any other status (incomplete = awaiting its first payment) is live. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Idempotency keys for creates, derived from what the create is for: the same request made again
 * (a double click, a client retry, a Lambda retried after a timeout) gets the object the first one
 * created, never a second one. Stripe keeps a key 24 hours and answers it with the first response.
 * Every other write gets a random key from the SDK, kept across its own retry of a closed socket.
 */
const minute = () => Math.floor(clock.now().getTime() / 60_000);
export const idempotencyKeys = {
  customer: (userId: string, replacing?: string) => `mentora:customer:${userId}${replacing ? `:replaces:${replacing}` : ''}`,
  checkout: (userId: string, purpose: string, after: string) => `mentora:checkout:${userId}:${purpose}:after:${after}`,
  portal: (userId: string) => `mentora:portal:${userId}:${minute()}`,
  closure: (subscriptionId: string) => `mentora:close:${subscriptionId}`,
  expire: (sessionId: string) => `mentora:expire:${sessionId}`,
  refund: (invoiceId: string) => `mentora:refund:${invoiceId}`,
  closed: (customerId: string) => `mentora:closed:${customerId}`,
};

/** Metadata key on the Stripe customer of a deleted Mentora account (account-closure.ts, webhook.ts). */
export const CLOSED_METADATA = 'mentora_cuenta_eliminada';

/**
 * What the SDK's errors say in `rawType` (its `type` is the error's class name): Stripe's own
 * `error.type`, e.g. `invalid_request_error` for a session no longer open or a subscription canceled.
 */
const isInvalidRequest = (error: unknown) => (error as Partial<Stripe.errors.StripeError>).rawType === 'invalid_request_error';
const isMissing = (error: unknown) => (error as Partial<Stripe.errors.StripeError>).code === 'resource_missing';

/** The StripeGateway port on Stripe's own client (stripe-client.ts): exactly the calls docs/payments.md lists. */
export function stripeGateway(stripe: () => Promise<Stripe>): StripeGateway {
  const customer = async (id: string) => asCustomer(await (await stripe()).customers.retrieve(id));
  let prices: Promise<PlanPrice[]> | undefined;
  return {
    async createCustomer({ userId, email, nombre, replacing }) {
      const c = await (await stripe()).customers.create({ email, name: nombre, metadata: { userId } }, { idempotencyKey: idempotencyKeys.customer(userId, replacing) });
      return c.id;
    },

    async customerExists(id) {
      try {
        return Boolean(await customer(id));
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async subscriptionCheckout({ customerId, userId, priceId, successUrl, cancelUrl }) {
      return openCheckout(await stripe(), userId, {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        locale: 'es',
        metadata: { userId, purpose: `subscription:${priceId}` },
        subscription_data: { metadata: { userId } },
      });
    },

    async setupCheckout({ customerId, userId, successUrl, cancelUrl }) {
      const { url } = await openCheckout(await stripe(), userId, {
        mode: 'setup',
        customer: customerId,
        client_reference_id: userId,
        currency: 'eur',
        allowed_payment_method_types: ['card'],
        success_url: successUrl,
        cancel_url: cancelUrl,
        locale: 'es',
        metadata: { userId, purpose: 'setup' },
      });
      return url;
    },

    subscription: async (id) => toSubscriptionState(await (await stripe()).subscriptions.retrieve(id)),

    async liveSubscriptions(customerId) {
      const list = await (await stripe()).subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
      return list.data.filter((sub) => !ENDED.has(sub.status)).map(toSubscriptionState);
    },

    cancelSubscriptionNow: async (id) => cancelNow(await stripe(), id),

    async expireOpenCheckouts(customerId, keep) {
      const s = await stripe();
      const open = await s.checkout.sessions.list({ customer: customerId, status: 'open', limit: 20 });
      const doomed = open.data.filter((o) => o.mode === 'subscription' && o.id !== keep);
      for (const o of doomed) {
        try {
          await s.checkout.sessions.expire(o.id, {}, { idempotencyKey: idempotencyKeys.expire(o.id) });
        } catch (error) {
          // Paid (or expired) since the list: the webhook's one-subscription rule deals with a payment.
          if (!isInvalidRequest(error)) throw error;
        }
      }
      return doomed.map((o) => o.id);
    },

    async cancelAndRefund(id) {
      const s = await stripe();
      const sub = await s.subscriptions.retrieve(id);
      if (!ENDED.has(sub.status)) await cancelNow(s, id);
      const invoiceId = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : sub.latest_invoice?.id;
      if (!invoiceId) return null;
      const invoice = await s.invoices.retrieve(invoiceId, { expand: ['payments'] });
      const paid = invoice.payments?.data.find((p) => p.status === 'paid');
      const intent = idOf(paid?.payment.payment_intent);
      const charge = idOf(paid?.payment.charge);
      if (!intent && !charge) return null;
      const refund = await s.refunds.create(
        { ...(intent ? { payment_intent: intent } : { charge: charge! }), reason: 'duplicate', metadata: { subscription: id, invoice: invoiceId } },
        { idempotencyKey: idempotencyKeys.refund(invoiceId) },
      );
      return refund.id;
    },

    async markCustomerClosed(customerId) {
      await (await stripe()).customers.update(customerId, { metadata: { [CLOSED_METADATA]: 'true' } });
    },

    async customerClosed(customerId) {
      try {
        return (await customer(customerId))?.metadata?.[CLOSED_METADATA] === 'true';
      } catch (error) {
        // A customer Stripe does not have was never one of ours to close.
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async portalSession({ customerId, userId, returnUrl }) {
      const session = await (await stripe()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: 'es' }, { idempotencyKey: idempotencyKeys.portal(userId) });
      return session.url;
    },

    async setupIntentPaymentMethod(id) {
      const intent = await (await stripe()).setupIntents.retrieve(id);
      const pm = intent.payment_method;
      return typeof pm === 'string' ? pm : (pm?.id ?? null);
    },

    async invoices(customerId) {
      const list = await (await stripe()).invoices.list({ customer: customerId, limit: 50 });
      return list.data.map(toInvoice);
    },

    async cards(customerId) {
      const s = await stripe();
      const [list, c] = await Promise.all([s.paymentMethods.list({ customer: customerId, type: 'card', limit: 50 }), customer(customerId)]);
      const def = c ? defaultMethodOf(c) : null;
      return list.data.map((pm) => toCard(pm, def));
    },

    defaultPaymentMethod: async (customerId) => {
      const c = await customer(customerId);
      return c ? defaultMethodOf(c) : null;
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await (await stripe()).customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    },

    async detachPaymentMethod(paymentMethodId) {
      await (await stripe()).paymentMethods.detach(paymentMethodId);
    },

    billing: async (customerId) => {
      const c = await customer(customerId);
      return c ? toBilling(c) : null;
    },

    async updateBilling(customerId, b) {
      await (await stripe()).customers.update(customerId, {
        name: b.nombre,
        address: { line1: b.direccion, city: b.ciudad, postal_code: b.codigoPostal, country: b.pais },
        metadata: { [TAX_ID_METADATA]: b.identificacionFiscal },
        invoice_settings: { custom_fields: [{ name: TAX_ID_INVOICE_FIELD, value: b.identificacionFiscal }] },
      });
    },

    // Prices change rarely: read once per cold start.
    prices(ids: Record<BillingPeriod, string>) {
      prices ??= (async () => {
        const s = await stripe();
        const entries = Object.entries(ids) as [BillingPeriod, string][];
        return Promise.all(
          entries.map(async ([periodo, id]) => {
            const p = await s.prices.retrieve(id);
            return { periodo, importe: p.unit_amount ?? 0, moneda: p.currency };
          }),
        );
      })().catch((error) => {
        prices = undefined;
        throw error;
      });
      return prices;
    },
  };
}

/**
 * Creates a Checkout Session, or reuses one still open for the same thing (`metadata.purpose`): two
 * open Checkouts for a subscription could both be paid. The idempotency key names the customer's
 * latest session: requests racing from the same state share one key and so one session, and once
 * that session exists the next request's key differs, so a cancelled session is never handed back
 * (Stripe answers a reused key with the first response, open at the time, for 24 hours).
 */
async function openCheckout(s: Stripe, userId: string, params: Stripe.Checkout.SessionCreateParams & { customer: string; metadata: { purpose: string } }): Promise<{ id: string; url: string }> {
  const recent = await s.checkout.sessions.list({ customer: params.customer, limit: 10 });
  const same = recent.data.find((o) => o.status === 'open' && o.metadata?.purpose === params.metadata.purpose && o.url);
  if (same) return { id: same.id, url: same.url! };
  const key = idempotencyKeys.checkout(userId, params.metadata.purpose, recent.data[0]?.id ?? 'none');
  const created = await s.checkout.sessions.create(params, { idempotencyKey: key });
  return { id: created.id, url: created.url! };
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

async function cancelNow(s: Stripe, id: string) {
  try {
    await s.subscriptions.cancel(id, {}, { idempotencyKey: idempotencyKeys.closure(id) });
  } catch (error) {
    // Already canceled (or gone): the goal is met.
    if (!isMissing(error) && !(isInvalidRequest(error) && /canceled/i.test((error as Error).message ?? ''))) throw error;
  }
}
