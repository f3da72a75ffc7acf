import Stripe from 'stripe';
import { EVENT_RECORD_SECONDS, powertoolsEventLease } from '../../../lambdas/payments/event-lease';
import { handleStripeWebhook, type WebhookDeps } from '../../../lambdas/payments/webhook';
import { signPayload } from '../../../infra/local/stripe-state';
import { fakeStripe, learner, memoryStore, subscription } from './fakes';
import { MemoryEventRecords } from './memory-event-records';

const SECRET = 'whsec_unit';
const stripe = new Stripe('sk_test_unit');
const now = () => Math.floor(Date.now() / 1000);

function setup() {
  const mem = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
  const gateway = fakeStripe();
  const records = new MemoryEventRecords();
  const deps: WebhookDeps = { store: mem.store, stripe: gateway, lease: powertoolsEventLease(records), verify: async (raw, sig) => stripe.webhooks.constructEvent(raw, sig, SECRET, 300) };
  const send = (type: string, object: object, opts: { created?: number; id?: string; secret?: string; t?: number; leaseMs?: number } = {}) => {
    const raw = JSON.stringify({ id: opts.id ?? `evt_${Math.random()}`, object: 'event', type, created: opts.created ?? now(), data: { object } });
    return handleStripeWebhook(deps, Buffer.from(raw), signPayload(raw, opts.secret ?? SECRET, opts.t), opts.leaseMs ?? 29_000);
  };
  /** Stripe's current state of sub_1 (what a re-read answers), whatever the event's payload says. */
  const stripeSays = (over: Parameters<typeof subscription>[0]) => gateway.subscription.mockResolvedValue(subscription(over));
  return { mem, gateway, records, deps, send, stripeSays, plan: () => mem.byUser.get('u1')!.plan };
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
    expect(t.records.records.size).toBe(0);
    expect(t.gateway.subscription).not.toHaveBeenCalled();
    expect(t.plan()).toBe('gratuito');
  });

  it('refuses a signature older than 300 seconds', async () => {
    const t = setup();
    await expect(t.send('customer.subscription.updated', subObject('active'), { t: now() - 301 })).rejects.toMatchObject({ status: 400 });
    expect(t.plan()).toBe('gratuito');
  });

  it('refuses a missing signature header', async () => {
    const t = setup();
    await expect(handleStripeWebhook(t.deps, Buffer.from('{}'), undefined, 29_000)).rejects.toMatchObject({ status: 400, message: 'La firma de Stripe no es válida.' });
  });

  it('answers "replayed" for an event id it already processed', async () => {
    const t = setup();
    await t.send('customer.subscription.updated', subObject('active'), { id: 'evt_same' });
    await expect(t.send('customer.subscription.updated', subObject('active'), { id: 'evt_same' })).resolves.toBe('replayed');
  });

  it('applies the subscription as Stripe has it now, read again, not as the event\'s payload says', async () => {
    const t = setup();
    t.stripeSays({ status: 'canceled' });
    await t.send('customer.subscription.updated', subObject('active'));
    expect(t.gateway.subscription).toHaveBeenCalledWith('sub_1');
    expect(t.plan()).toBe('gratuito');
  });

  it('ends in Stripe\'s state whatever order the events arrive in', async () => {
    const t = setup();
    // Created → updated (cancel at period end) → deleted, delivered deleted first and created last.
    t.stripeSays({ status: 'canceled', cancelaAlFinal: true });
    await t.send('customer.subscription.deleted', subObject('canceled'), { created: 3000 });
    await t.send('customer.subscription.updated', subObject('active'), { created: 2000 });
    await t.send('customer.subscription.created', subObject('active'), { created: 1000 });
    expect(t.plan()).toBe('gratuito');
  });

  it('ignores an older event that arrives after a newer one', async () => {
    const t = setup();
    t.stripeSays({ status: 'active' });
    await t.send('customer.subscription.updated', subObject('active'), { created: 2000 });
    t.stripeSays({ status: 'canceled' }); // a stale read must not undo the newer event either
    await t.send('customer.subscription.deleted', subObject('canceled'), { created: 1000 });
    expect(t.plan()).toBe('premium');
  });

  it('keeps premium until the period ends after a cancellation at period end, and says when', async () => {
    const t = setup();
    t.stripeSays({ status: 'active', cancelaAlFinal: true, renuevaEl: '2026-12-22T00:00:00.000Z' });
    await t.send('customer.subscription.updated', subObject('active'), { created: 1000 });
    expect(t.mem.byUser.get('u1')).toMatchObject({ plan: 'premium', suscripcion: { cancelaAlFinal: true, renuevaEl: '2026-12-22T00:00:00.000Z' } });
    t.stripeSays({ status: 'active', cancelaAlFinal: false });
    await t.send('customer.subscription.updated', subObject('active'), { created: 2000 });
    expect(t.mem.byUser.get('u1')!.suscripcion!.cancelaAlFinal).toBe(false);
  });

  it('returns to gratuito when the subscription is deleted at the end of the period', async () => {
    const t = setup();
    t.stripeSays({ status: 'active' });
    await t.send('customer.subscription.updated', subObject('active'), { created: 1000 });
    t.stripeSays({ status: 'canceled' });
    await t.send('customer.subscription.deleted', subObject('canceled'), { created: 2000 });
    expect(t.plan()).toBe('gratuito');
  });

  it('does not end premium because an older, replaced subscription ended', async () => {
    const t = setup();
    t.stripeSays({ id: 'sub_new', status: 'active' });
    await t.send('customer.subscription.updated', subObject('active', 'sub_new'), { created: 1000 });
    t.stripeSays({ id: 'sub_old', status: 'canceled' });
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

describe('the lease on an event (Powertools Idempotency)', () => {
  const completed = { object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription: 'sub_1' };
  afterEach(() => jest.restoreAllMocks());

  /** A delivery whose processing hangs (a Stripe call that never answers) until released. */
  function hangingStripe(t: ReturnType<typeof setup>) {
    let release!: () => void;
    t.gateway.subscription.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(subscription()))));
    return () => release();
  }

  it('refuses a second delivery while the first holds the lease: a 409 Stripe retries, never "replayed"', async () => {
    const t = setup();
    const release = hangingStripe(t);
    const first = t.send('checkout.session.completed', completed, { id: 'evt_busy', leaseMs: 29_000 });
    await new Promise(setImmediate);
    await expect(t.send('checkout.session.completed', completed, { id: 'evt_busy' })).rejects.toMatchObject({ status: 409 });
    release();
    await expect(first).resolves.toBe('processed');
    expect(t.plan()).toBe('premium');
    await expect(t.send('checkout.session.completed', completed, { id: 'evt_busy' })).resolves.toBe('replayed');
  });

  it('lets the next delivery claim an event whose lease expired (its function was stopped) and apply it', async () => {
    const t = setup();
    hangingStripe(t); // never released: the invocation was killed at its timeout
    const start = Date.now();
    void t.send('checkout.session.completed', completed, { id: 'evt_killed', leaseMs: 29_000 });
    await new Promise(setImmediate);
    expect(t.plan()).toBe('gratuito');
    jest.spyOn(Date, 'now').mockReturnValue(start + 30_000); // past the 29 s lease
    await expect(t.send('checkout.session.completed', completed, { id: 'evt_killed' })).resolves.toBe('processed');
    expect(t.plan()).toBe('premium');
  });

  it('keeps the record of a completed event until it expires, then lets it go (TTL)', async () => {
    const t = setup();
    // The record's expiry counts from the delivery: that moment is held still, on a whole second (Powertools
    // rounds the seconds, so a moment in the second half of a second would give one second more), so the expiry is exact.
    const deliveredAt = Math.floor(Date.now() / 1000) * 1000;
    jest.spyOn(Date, 'now').mockReturnValue(deliveredAt);
    await t.send('checkout.session.completed', completed, { id: 'evt_old' });
    const [record] = [...t.records.records.values()];
    expect(record.getStatus()).toBe('COMPLETED');
    // Seven days: it outlives Stripe's retries (3 days), then the TTL lets it go.
    expect(record.expiryTimestamp).toBe(Math.floor(deliveredAt / 1000) + EVENT_RECORD_SECONDS);
    expect(EVENT_RECORD_SECONDS).toBeGreaterThan(3 * 24 * 3600);
  });
});
