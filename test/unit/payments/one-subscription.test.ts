import Stripe from 'stripe';
import { CHECKOUT_ELSEWHERE, startUpgrade } from '../../../lambdas/payments/checkout';
import { powertoolsEventLease } from '../../../lambdas/payments/event-lease';
import { handleStripeWebhook, type WebhookDeps } from '../../../lambdas/payments/webhook';
import { signPayload } from '../../../infra/local/stripe-state';
import { fakeStripe, learner, memoryStore, subscription } from './fakes';
import { MemoryEventRecords } from './memory-event-records';

// Issue 20 item 5: a learner never keeps two live subscriptions. Checkout creation keeps one open
// session per learner; a second subscription paid anyway is cancelled and refunded by the webhook.

const SECRET = 'whsec_unit';
const stripe = new Stripe('sk_test_unit');
const now = () => Math.floor(Date.now() / 1000);
const config = { siteUrl: 'https://app.mentora.es', priceIds: { mensual: 'price_m', anual: 'price_y' } };

function webhook(profiles = [learner({ stripeCustomerId: 'cus_1' })]) {
  const mem = memoryStore(profiles);
  const gateway = fakeStripe();
  const deps: WebhookDeps = { store: mem.store, stripe: gateway, lease: powertoolsEventLease(new MemoryEventRecords()), verify: async (raw, sig) => stripe.webhooks.constructEvent(raw, sig, SECRET, 300) };
  const send = (type: string, object: object, id = `evt_${Math.random()}`) => {
    const raw = JSON.stringify({ id, object: 'event', type, created: now(), data: { object } });
    return handleStripeWebhook(deps, Buffer.from(raw), signPayload(raw, SECRET), 29_000);
  };
  return { mem, gateway, send };
}

const monthly = subscription({ id: 'sub_old', periodo: 'mensual', created: 1000 });
const yearly = subscription({ id: 'sub_new', periodo: 'anual', created: 2000 });
const completed = (sub: string) => ({ object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription: sub });

describe('one subscription per learner, at the webhook', () => {
  it('cancels and refunds the newer of two live subscriptions, and premium follows the one kept', async () => {
    const t = webhook();
    t.gateway.liveSubscriptions.mockResolvedValue([yearly, monthly]);
    await expect(t.send('checkout.session.completed', completed('sub_new'))).resolves.toBe('processed');
    expect(t.gateway.cancelAndRefund).toHaveBeenCalledTimes(1);
    expect(t.gateway.cancelAndRefund).toHaveBeenCalledWith('sub_new');
    expect(t.mem.byUser.get('u1')).toMatchObject({ plan: 'premium', suscripcion: { id: 'sub_old', periodo: 'mensual' } });
  });

  it('picks the same subscription to keep whatever event arrives, so concurrent deliveries agree', async () => {
    const t = webhook();
    t.gateway.liveSubscriptions.mockResolvedValue([monthly, yearly]);
    await t.send('customer.subscription.created', { id: 'sub_old', object: 'subscription', customer: 'cus_1' });
    await t.send('invoice.paid', { object: 'invoice', customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_new' } } });
    expect(t.gateway.cancelAndRefund.mock.calls).toEqual([['sub_new'], ['sub_new']]);
    expect(t.mem.byUser.get('u1')!.suscripcion?.id).toBe('sub_old');
  });

  it('applies the event once when Stripe delivers it twice', async () => {
    const t = webhook();
    t.gateway.liveSubscriptions.mockResolvedValue([monthly, yearly]);
    await expect(t.send('checkout.session.completed', completed('sub_new'), 'evt_same')).resolves.toBe('processed');
    await expect(t.send('checkout.session.completed', completed('sub_new'), 'evt_same')).resolves.toBe('replayed');
    expect(t.gateway.cancelAndRefund).toHaveBeenCalledTimes(1);
  });

  it('keeps the learner premium when the cancelled duplicate\'s deletion event arrives', async () => {
    const t = webhook();
    t.gateway.liveSubscriptions.mockResolvedValue([monthly, yearly]);
    await t.send('checkout.session.completed', completed('sub_new'));
    t.gateway.liveSubscriptions.mockResolvedValue([monthly]);
    await t.send('customer.subscription.deleted', { id: 'sub_new', object: 'subscription', customer: 'cus_1', status: 'canceled' });
    expect(t.mem.byUser.get('u1')).toMatchObject({ plan: 'premium', suscripcion: { id: 'sub_old' } });
  });

  it('refunds a Checkout paid for a deleted account and writes nothing', async () => {
    const t = webhook([]);
    t.gateway.customerClosed.mockResolvedValue(true);
    await expect(t.send('checkout.session.completed', completed('sub_late'))).resolves.toBe('processed');
    expect(t.gateway.cancelAndRefund).toHaveBeenCalledWith('sub_late');
    expect(t.mem.byUser.size).toBe(0);
  });

  it('refunds it too while the deletion is still running (the learner is still found)', async () => {
    const t = webhook();
    t.gateway.customerClosed.mockResolvedValue(true);
    await t.send('checkout.session.completed', completed('sub_late'));
    expect(t.gateway.cancelAndRefund).toHaveBeenCalledWith('sub_late');
    expect(t.mem.byUser.get('u1')!.plan).toBe('gratuito');
  });

  it('ignores an unknown customer that was never closed', async () => {
    const t = webhook([]);
    await expect(t.send('checkout.session.completed', completed('sub_x'))).resolves.toBe('ignored');
    expect(t.gateway.cancelAndRefund).not.toHaveBeenCalled();
  });
});

describe('one open Checkout per learner, at creation', () => {
  it('expires the learner\'s other open Checkouts once the new one is recorded', async () => {
    const { store } = memoryStore([learner()]);
    const gateway = fakeStripe({ subscriptionCheckout: jest.fn(async () => ({ id: 'cs_y', url: 'https://pay/cs_y' })) });
    await expect(startUpgrade({ store, stripe: gateway, config }, 'u1', 'anual')).resolves.toBe('https://pay/cs_y');
    expect(gateway.expireOpenCheckouts).toHaveBeenCalledWith('cus_new', 'cs_y');
  });

  it('refuses in Spanish a request overtaken by one from another tab, whose session is kept', async () => {
    const { store } = memoryStore([learner()]);
    await store.claimCheckout('u1', 'cs_other_tab', Date.now() + 60_000);
    const gateway = fakeStripe({ subscriptionCheckout: jest.fn(async () => ({ id: 'cs_mine', url: 'https://pay/cs_mine' })) });
    await expect(startUpgrade({ store, stripe: gateway, config }, 'u1', 'mensual')).rejects.toMatchObject({ status: 409, message: CHECKOUT_ELSEWHERE });
    expect(gateway.expireOpenCheckouts).toHaveBeenCalledWith('cus_new', 'cs_other_tab');
  });
});
