import type Stripe from 'stripe';
import { stripeGateway } from '../../../lambdas/payments/stripe-gateway';

type RequestOptions = Stripe.RequestOptions;

// Every create carries an Idempotency-Key derived from what it is for, so a retried request (or
// Lambda invocation) gets Stripe's first answer back instead of a second customer or Checkout.

function fakeApi(sessions: Partial<Stripe.Checkout.Session>[] = []) {
  const creates: { what: string; options?: RequestOptions }[] = [];
  const api = {
    customers: { create: jest.fn(async (_p: unknown, options?: RequestOptions) => (creates.push({ what: 'customer', options }), { id: 'cus_1' })) },
    checkout: {
      sessions: {
        list: jest.fn(async () => ({ data: sessions })),
        create: jest.fn(async (_p: unknown, options?: RequestOptions) => (creates.push({ what: 'session', options }), { id: 'cs_new', status: 'open', url: 'https://pay/cs_new' })),
      },
    },
    billingPortal: { sessions: { create: jest.fn(async (_p: unknown, options?: RequestOptions) => (creates.push({ what: 'portal', options }), { url: 'https://portal/1' })) } },
    subscriptions: { cancel: jest.fn(async (_id: string, _p: unknown, options?: RequestOptions) => (creates.push({ what: 'cancel', options }), {})) },
  };
  return { api, creates, gateway: stripeGateway(async () => api as unknown as Stripe) };
}
const checkout = { customerId: 'cus_1', userId: 'u1', priceId: 'price_m', successUrl: 'https://s', cancelUrl: 'https://c' };

describe('Stripe idempotency keys', () => {
  it('creates the customer under a key of the learner, and of the customer it replaces', async () => {
    const { gateway, creates } = fakeApi();
    await gateway.createCustomer({ userId: 'u1', email: 'a@example.com', nombre: 'Ana' });
    await gateway.createCustomer({ userId: 'u1', email: 'a@example.com', nombre: 'Ana', replacing: 'cus_gone' });
    expect(creates.map((c) => c.options?.idempotencyKey)).toEqual(['mentora:customer:u1', 'mentora:customer:u1:replaces:cus_gone']);
  });

  it('keys a Checkout by the customer\'s latest session, so a retry shares it and a new attempt does not', async () => {
    const first = fakeApi();
    await first.gateway.subscriptionCheckout(checkout);
    const later = fakeApi([{ id: 'cs_cancelled', status: 'expired', metadata: { purpose: 'subscription:price_m' } }]);
    await later.gateway.subscriptionCheckout(checkout);
    expect(first.creates[0].options?.idempotencyKey).toBe('mentora:checkout:u1:subscription:price_m:after:none');
    expect(later.creates[0].options?.idempotencyKey).toBe('mentora:checkout:u1:subscription:price_m:after:cs_cancelled');
  });

  it('hands back a Checkout still open for the same price instead of creating another', async () => {
    const { gateway, creates } = fakeApi([{ id: 'cs_open', status: 'open', url: 'https://pay/cs_open', metadata: { purpose: 'subscription:price_m' } }]);
    await expect(gateway.subscriptionCheckout(checkout)).resolves.toEqual({ id: 'cs_open', url: 'https://pay/cs_open' });
    expect(creates).toEqual([]);
  });

  it('keys the portal session and the closure\'s cancellation too', async () => {
    const { gateway, creates } = fakeApi();
    await gateway.portalSession({ customerId: 'cus_1', userId: 'u1', returnUrl: 'https://r' });
    await gateway.cancelSubscriptionNow('sub_1');
    expect(creates.map((c) => c.options?.idempotencyKey)).toEqual([expect.stringMatching(/^mentora:portal:u1:\d+$/), 'mentora:close:sub_1']);
  });
});
