import Stripe from 'stripe';
import { STRIPE_API_VERSION, stripeForm, verifyStripeEvent } from '../../../lambdas/payments/stripe-rest';

// The payments Lambda talks to Stripe's REST API without the SDK (bundle size); these pin it to
// what the SDK would send and accept.

const sdk = new Stripe('sk_test_x');
const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } });

describe('Stripe over REST', () => {
  it('speaks the API version the installed stripe SDK pins, so its types describe what arrives', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('encodes nested params with Stripe bracket keys', () => {
    const form = stripeForm({ mode: 'subscription', line_items: [{ price: 'price_1', quantity: 1 }], metadata: { userId: 'u 1' }, skip: undefined });
    expect(form).toEqual(['mode=subscription', 'line_items%5B0%5D%5Bprice%5D=price_1', 'line_items%5B0%5D%5Bquantity%5D=1', 'metadata%5BuserId%5D=u%201']);
  });

  it('accepts a webhook the SDK signed', () => {
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret });
    expect(verifyStripeEvent(Buffer.from(payload), header, secret, 300).id).toBe('evt_1');
  });

  it('refuses a body changed after signing', () => {
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret });
    expect(() => verifyStripeEvent(payload.replace('evt_1', 'evt_2'), header, secret, 300)).toThrow(/signature/);
  });

  it('refuses a signature made with another secret', () => {
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => verifyStripeEvent(payload, header, secret, 300)).toThrow(/signature/);
  });

  it('refuses an event older than the tolerance, measured at the moment given', () => {
    const timestamp = 1_800_000_000;
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    expect(verifyStripeEvent(payload, header, secret, 300, undefined, (timestamp + 300) * 1000).id).toBe('evt_1');
    expect(() => verifyStripeEvent(payload, header, secret, 300, undefined, (timestamp + 301) * 1000)).toThrow(/tolerance/);
  });
});
