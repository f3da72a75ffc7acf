import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET_KEY } from '../../../infra/local/stripe';
import { call, signUp } from '../support/api';
import { customerOf, payOnCheckout, planOf, postWebhook, stackEnv, stripeEvent, subscriptionsOf, table } from './support';

// Issue 20 item 5 (one subscription, whatever happens) and the payments part of item 4 (a deleted
// account's open Checkout can no longer be paid), on the local stack: the real payments Lambda
// behind the gateway, DynamoDB Local, and the Stripe stand-in driven by the real `stripe` client.

const stripe = () => {
  const env = stackEnv();
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: Number(env.STRIPE_API_PORT), protocol: 'http', maxNetworkRetries: 0 });
};
const upgrade = (token: string, period: 'mensual' | 'anual') => call('POST', '/users/upgrade-premium', { token, body: { period } });
const sessionId = (url: string) => url.split('/').pop()!;

/** Waits for what the webhooks (sent as the checkout page is paid) leave behind. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, tries = 40): Promise<T> {
  let v = await read();
  for (let i = 0; i < tries && !ok(v); i++) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

describe('one subscription per learner', () => {
  it('expires the monthly Checkout of one tab when the yearly one is opened in another: only the last can be paid', async () => {
    const { tokens, email } = await signUp('Dos pestañas');
    const monthly = await upgrade(tokens.accessToken, 'mensual');
    const yearly = await upgrade(tokens.accessToken, 'anual');
    expect([monthly.status, yearly.status]).toEqual([200, 200]);
    expect((await stripe().checkout.sessions.retrieve(sessionId(monthly.body.url))).status).toBe('expired');
    // Paying the expired tab goes nowhere: the page sends the learner back to the cancel page.
    const late = await payOnCheckout(monthly.body.url);
    expect(late).toMatchObject({ status: 303, location: expect.stringMatching(/\/payments\/cancel$/) });
    expect((await payOnCheckout(yearly.body.url)).location).toMatch(/\/payments\/success/);
    expect(await subscriptionsOf(email)).toHaveLength(1);
    expect((await call('GET', '/payments/plan', { token: tokens.accessToken })).body.data).toMatchObject({ plan: 'premium', suscripcion: { periodo: 'anual' } });
  });

  it('hands a double click one session and leaves exactly one open Checkout', async () => {
    const { tokens, email } = await signUp('Doble clic');
    const both = await Promise.all([1, 2].map(() => upgrade(tokens.accessToken, 'anual')));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0].body.url).toBe(both[1].body.url);
    const open = await stripe().checkout.sessions.list({ customer: (await customerOf(email)).id, status: 'open' });
    expect(open.data.map((s) => s.id)).toEqual([sessionId(both[0].body.url)]);
  });

  it('keeps one subscription when two Checkouts opened before the fix (monthly, yearly) are both paid: the second is cancelled and refunded', async () => {
    const { tokens, email } = await signUp('Ambos pagados');
    const monthly = await upgrade(tokens.accessToken, 'mensual');
    const customer = (await customerOf(email)).id;
    // A second open session the API would not hand out any more (two tabs racing, or opened before this rule).
    const env = stackEnv();
    const yearly = await stripe().checkout.sessions.create({
      mode: 'subscription', customer, line_items: [{ price: env.STRIPE_PRICE_YEARLY, quantity: 1 }],
      success_url: 'http://127.0.0.1/payments/success', cancel_url: 'http://127.0.0.1/payments/cancel', subscription_data: { metadata: {} },
    });
    expect((await payOnCheckout(monthly.body.url)).status).toBe(303);
    expect((await payOnCheckout(yearly.url!)).status).toBe(303);

    const subs = await eventually(() => subscriptionsOf(email), (s) => s.filter((x: any) => x.status === 'canceled').length === 1);
    const live = subs.filter((s: any) => s.status === 'active');
    const cancelled = subs.filter((s: any) => s.status === 'canceled');
    expect(live).toHaveLength(1);
    expect(cancelled).toHaveLength(1);
    // The cancelled one's payment is refunded in full, once. (Both were created in the same second
    // here, so which one is kept is Stripe's creation order, then the id: either way, one of them.)
    const invoice = await stripe().invoices.retrieve(cancelled[0].latest_invoice, { expand: ['payments'] });
    const intent = invoice.payments!.data[0].payment.payment_intent as string;
    const refunds = await stripe().refunds.list({ payment_intent: intent });
    expect(refunds.data).toEqual([expect.objectContaining({ amount: cancelled[0].items.data[0].price.unit_amount, status: 'succeeded', reason: 'duplicate' })]);
    expect(await planOf(tokens.accessToken)).toBe('premium');
    // The same event delivered twice (Stripe's retry): applied once, nothing refunded again.
    const again = stripeEvent('checkout.session.completed', { object: 'checkout.session', mode: 'subscription', customer, subscription: cancelled[0].id });
    const first = await postWebhook(again);
    const second = await postWebhook(again);
    expect([first.body.received, second.body.received]).toEqual(['processed', 'replayed']);
    expect((await stripe().refunds.list({ payment_intent: intent })).data).toHaveLength(1);
    const periodo = live[0].items.data[0].price.recurring.interval === 'year' ? 'anual' : 'mensual';
    expect((await call('GET', '/payments/plan', { token: tokens.accessToken })).body.data.suscripcion).toMatchObject({ estado: 'active', periodo });
  });
});

describe('deleting the account with a Checkout open', () => {
  it('expires the open Checkout: paying it afterwards fails and creates nothing', async () => {
    const { tokens, email } = await signUp('Borrada');
    const up = await upgrade(tokens.accessToken, 'mensual');
    expect(up.status).toBe(200);
    const del = await call('DELETE', '/users/me', { token: tokens.accessToken, body: { confirmacion: email } });
    expect(del.status).toBe(200);
    expect((await stripe().checkout.sessions.retrieve(sessionId(up.body.url))).status).toBe('expired');
    const paid = await payOnCheckout(up.body.url);
    expect(paid).toMatchObject({ status: 303, location: expect.stringMatching(/\/payments\/cancel$/) });
    expect(await subscriptionsOf(email)).toEqual([]);
  });

  it('refunds a Checkout of the deleted account paid anyway, and writes nothing in the table', async () => {
    const { tokens, email, user } = await signUp('Pagada tarde');
    await upgrade(tokens.accessToken, 'mensual');
    const customer = (await customerOf(email)).id;
    expect((await call('DELETE', '/users/me', { token: tokens.accessToken, body: { confirmacion: email } })).status).toBe(200);
    // A session that escaped the closure (created in Stripe in the race): paying it must not stick.
    const env = stackEnv();
    const late = await stripe().checkout.sessions.create({
      mode: 'subscription', customer, line_items: [{ price: env.STRIPE_PRICE_MONTHLY, quantity: 1 }],
      success_url: 'http://127.0.0.1/payments/success', cancel_url: 'http://127.0.0.1/payments/cancel',
    });
    expect((await payOnCheckout(late.url!)).status).toBe(303);
    const [sub] = await eventually(() => subscriptionsOf(email), (s) => s[0]?.status === 'canceled');
    expect(sub.status).toBe('canceled');
    const invoice = await stripe().invoices.retrieve(sub.latest_invoice, { expand: ['payments'] });
    const refunds = await stripe().refunds.list({ payment_intent: invoice.payments!.data[0].payment.payment_intent as string });
    expect(refunds.data).toHaveLength(1);
    const t = table();
    const items = await t.db.send(new QueryCommand({ TableName: t.name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `USER#${user.id}` } }));
    // Only a deletion marker may remain (it is how a deleted account stays deleted).
    expect((items.Items ?? []).map((i) => String(i.sk)).filter((sk) => !/^DELET/i.test(sk))).toEqual([]);
  });
});
