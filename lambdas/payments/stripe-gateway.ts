import type Stripe from 'stripe';
import type { BillingPeriod, PlanPrice } from '../contract';
import type { StripeGateway } from './ports';
import type { StripeApi } from './stripe-rest';
import { defaultMethodOf, TAX_ID_INVOICE_FIELD, TAX_ID_METADATA, toBilling, toCard, toInvoice, toSubscriptionState } from './stripe-mappers';

const asCustomer = (c: Stripe.Customer | Stripe.DeletedCustomer) => (c.deleted ? undefined : c);

/** The StripeGateway port on Stripe's API (stripe-rest.ts): exactly the calls docs/payments.md lists. */
export function stripeGateway(stripe: () => Promise<StripeApi>): StripeGateway {
  const customer = async (id: string) => asCustomer(await (await stripe()).customers.retrieve(id));
  let prices: Promise<PlanPrice[]> | undefined;
  return {
    async createCustomer({ userId, email, nombre }) {
      const c = await (await stripe()).customers.create({ email, name: nombre, metadata: { userId } });
      return c.id;
    },

    async customerExists(id) {
      try {
        return Boolean(await customer(id));
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return false;
        throw error;
      }
    },

    async subscriptionCheckout({ customerId, userId, priceId, successUrl, cancelUrl }) {
      const session = await (await stripe()).checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        locale: 'es',
        metadata: { userId },
        subscription_data: { metadata: { userId } },
      });
      return session.url!;
    },

    async setupCheckout({ customerId, userId, successUrl, cancelUrl }) {
      const session = await (await stripe()).checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        client_reference_id: userId,
        currency: 'eur',
        allowed_payment_method_types: ['card'],
        success_url: successUrl,
        cancel_url: cancelUrl,
        locale: 'es',
        metadata: { userId },
      });
      return session.url!;
    },

    subscription: async (id) => toSubscriptionState(await (await stripe()).subscriptions.retrieve(id)),

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
