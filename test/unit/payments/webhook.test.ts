import Stripe from 'stripe';
import { handleStripeWebhook, type WebhookDeps } from '../../../lambdas/payments/webhook';
import { signPayload } from '../../../infra/local/stripe-state';
import { fakeStripe, learner, memoryStore, subscription } from './fakes';

const SECRET = 'whsec_unit';
const stripe = new Stripe('sk_test_unit');
const now = () => Math.floor(Date.now() / 1000);

function setup() {
  const mem = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
  const gateway = fakeStripe();
  const deps: WebhookDeps = { store: mem.store, stripe: gateway, verify: async (raw, sig) => stripe.webhooks.constructEvent(raw, sig, SECRET, 300) };
  const send = (type: string, object: object, opts: { created?: number; id?: string; secret?: string; t?: number } = {}) => {
    const raw = JSON.stringify({ id: opts.id ?? `evt_${Math.random()}`, object: 'event', type, created: opts.created ?? now(), data: { object } });
    return handleStripeWebhook(deps, Buffer.from(raw), signPayload(raw, opts.secret ?? SECRET, opts.t));
  };
  return { mem, gateway, deps, send, plan: () => mem.byUser.get('u1')!.plan };
}

const subObject = (status: string, id = 'sub_1') => ({
  id, object: 'subscription', customer: 'cus_1', status, cancel_at_period_end: false, cancel_at: null, default_payment_method: null,
  items: { data: [{ price: { recurring: { interval: 'year' } }, current_period_end: now() + 86400 }] },
});

describe('the Stripe webhook use case', () => {
  it('makes the learner premium when Checkout completes, reading the subscription from Stripe', async () => {
    const t = setup();
    await expect(t.send('checkout.session.completed', { object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription: 'sub_1' })).resolves.toBe('processed');
    expect(t.gateway.subscription).toHaveBeenCalledWith('sub_1');
    expect(t.plan()).toBe('premium');
    // The card used to pay becomes the default when there was none.
    expect(t.gateway.setDefaultPaymentMethod).toHaveBeenCalledWith('cus_1', 'pm_1');
  });

  it('refuses a wrong signature before touching the store', async () => {
    const t = setup();
    await expect(t.send('customer.subscription.updated', subObject('active'), { secret: 'whsec_other' })).rejects.toMatchObject({ status: 400 });
    expect(t.mem.events.size).toBe(0);
    expect(t.plan()).toBe('gratuito');
  });

  it('refuses a signature older than 300 seconds', async () => {
    const t = setup();
    await expect(t.send('customer.subscription.updated', subObject('active'), { t: now() - 301 })).rejects.toMatchObject({ status: 400 });
    expect(t.plan()).toBe('gratuito');
  });

  it('refuses a missing signature header', async () => {
    const t = setup();
    await expect(handleStripeWebhook(t.deps, Buffer.from('{}'), undefined)).rejects.toMatchObject({ status: 400, message: 'La firma de Stripe no es válida.' });
  });

  it('answers "replayed" for an event id it already processed', async () => {
    const t = setup();
    await t.send('customer.subscription.updated', subObject('active'), { id: 'evt_same' });
    await expect(t.send('customer.subscription.updated', subObject('active'), { id: 'evt_same' })).resolves.toBe('replayed');
  });

  it('ignores an older event that arrives after a newer one', async () => {
    const t = setup();
    await t.send('customer.subscription.updated', subObject('active'), { created: 2000 });
    await t.send('customer.subscription.deleted', subObject('canceled'), { created: 1000 });
    expect(t.plan()).toBe('premium');
  });

  it('returns to gratuito when the subscription is deleted at the end of the period', async () => {
    const t = setup();
    await t.send('customer.subscription.updated', subObject('active'), { created: 1000 });
    await t.send('customer.subscription.deleted', subObject('canceled'), { created: 2000 });
    expect(t.plan()).toBe('gratuito');
  });

  it('does not end premium because an older, replaced subscription ended', async () => {
    const t = setup();
    await t.send('customer.subscription.updated', subObject('active', 'sub_new'), { created: 1000 });
    await t.send('customer.subscription.deleted', subObject('canceled', 'sub_old'), { created: 2000 });
    expect(t.plan()).toBe('premium');
  });

  it('flags a failed invoice and clears the flag when one is paid', async () => {
    const t = setup();
    t.gateway.subscription.mockResolvedValue(subscription({ status: 'past_due' }));
    const invoice = { object: 'invoice', customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_1' } } };
    await t.send('invoice.payment_failed', invoice, { created: 1000 });
    expect(t.mem.byUser.get('u1')).toMatchObject({ plan: 'premium', pagoFallido: true });
    t.gateway.subscription.mockResolvedValue(subscription({ status: 'active' }));
    await t.send('invoice.paid', invoice, { created: 2000 });
    expect(t.mem.byUser.get('u1')!.pagoFallido).toBe(false);
  });

  it('gives the event back when processing fails, so Stripe\'s retry is processed', async () => {
    const t = setup();
    t.gateway.subscription.mockRejectedValueOnce(new Error('Stripe is down'));
    const object = { object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription: 'sub_1' };
    await expect(t.send('checkout.session.completed', object, { id: 'evt_retry' })).rejects.toThrow('Stripe is down');
    await expect(t.send('checkout.session.completed', object, { id: 'evt_retry' })).resolves.toBe('processed');
  });
});
