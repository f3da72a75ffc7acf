import { call, signUp } from '../support/api';
import { customerOf, planOf, postWebhook, stripeEvent, subscriptionObject } from './support';

// The webhook is the only way a plan changes: Stripe signs every event, and the route refuses
// anything it cannot verify before reading or writing a thing. What depends on time (a signature
// grown stale, a subscription ending after it started) moves a clock of its own stack instead of
// waiting: test/integration/clock/quota-periods-and-webhook-age.test.ts.

async function learnerWithCustomer() {
  const learner = await signUp('Webhook');
  // Opening Checkout creates the learner's Stripe customer (and nothing else).
  const up = await call('POST', '/users/upgrade-premium', { token: learner.tokens.accessToken, body: { period: 'mensual' } });
  expect(up.status).toBe(200);
  return { ...learner, customer: (await customerOf(learner.email)).id };
}

describe('the Stripe webhook', () => {
  it('turns a learner premium on a verified subscription event', async () => {
    const l = await learnerWithCustomer();
    const res = await postWebhook(stripeEvent('customer.subscription.updated', subscriptionObject('sub_valid', l.customer, 'active')));
    expect(res).toEqual({ status: 200, body: { success: true, received: 'processed' } });
    expect(await planOf(l.tokens.accessToken)).toBe('premium');
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const l = await learnerWithCustomer();
    const res = await postWebhook(stripeEvent('customer.subscription.updated', subscriptionObject('sub_forged', l.customer, 'active')), { secret: 'whsec_attacker' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'La firma de Stripe no es válida.' });
    expect(await planOf(l.tokens.accessToken)).toBe('gratuito');
  });

  it('refuses an unsigned request', async () => {
    const l = await learnerWithCustomer();
    const res = await postWebhook(stripeEvent('customer.subscription.updated', subscriptionObject('sub_unsigned', l.customer, 'active')), { signature: null });
    expect(res.status).toBe(400);
    expect(await planOf(l.tokens.accessToken)).toBe('gratuito');
  });

  it('refuses a body changed after signing', async () => {
    const l = await learnerWithCustomer();
    const event = stripeEvent('customer.subscription.updated', subscriptionObject('sub_tampered', l.customer, 'canceled'));
    const signed = await import('../../../infra/local/stripe-state').then((m) =>
      m.signPayload(JSON.stringify(event), 'whsec_local_mentora_webhook_secret'),
    );
    const tampered = JSON.stringify(event).replace('"canceled"', '"active"');
    const res = await call('POST', '/payments/webhook', { raw: tampered, headers: { 'stripe-signature': signed } });
    expect(res.status).toBe(400);
    expect(await planOf(l.tokens.accessToken)).toBe('gratuito');
  });

  it('processes a replayed event id only once', async () => {
    const l = await learnerWithCustomer();
    const event = stripeEvent('customer.subscription.updated', subscriptionObject('sub_replay', l.customer, 'active'));
    expect((await postWebhook(event)).body.received).toBe('processed');
    expect((await postWebhook(event)).body).toEqual({ success: true, received: 'replayed' });
  });

  it('never lets an older event undo a newer one (out-of-order delivery)', async () => {
    const l = await learnerWithCustomer();
    const t = Math.floor(Date.now() / 1000);
    // Stripe sent "deleted" first (t) and "active" later (t + 60), but they arrive the other way round.
    await postWebhook(stripeEvent('customer.subscription.updated', subscriptionObject('sub_order', l.customer, 'active'), t + 60));
    const late = await postWebhook(stripeEvent('customer.subscription.deleted', subscriptionObject('sub_order', l.customer, 'canceled'), t));
    expect(late.status).toBe(200);
    expect(await planOf(l.tokens.accessToken)).toBe('premium');
  });

  it('ignores signed events about customers it does not know', async () => {
    const res = await postWebhook(stripeEvent('customer.subscription.updated', subscriptionObject('sub_x', 'cus_unknown', 'active')));
    expect(res.body).toEqual({ success: true, received: 'ignored' });
  });
});
