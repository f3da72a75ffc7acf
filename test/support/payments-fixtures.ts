import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../infra/local/stripe';
import { signPayload } from '../../infra/local/stripe-state';
import { invoke } from './invoke';
import { learner } from './learners';

// Payments fixtures for the handlers project: the local Stripe stand-in (its checkout page and
// signed webhooks) at STRIPE_API_PORT, as the handlers-setup stack exports it.

const stripeUrl = () => `http://127.0.0.1:${process.env.STRIPE_API_PORT}`;

/** Pays on the local "Pago de prueba" page as a learner would. */
async function payOnCheckout(checkoutUrl: string, number = '4242424242424242') {
  const res = await fetch(`${checkoutUrl}/complete`, { method: 'POST', body: new URLSearchParams({ number, expiry: '12/34', cvc: '123' }), redirect: 'manual' });
  if (res.status !== 303) throw new Error(`checkout answered ${res.status}`);
}

/** A learner who opened Checkout: their Stripe customer exists, nothing is paid. */
export async function learnerWithCustomer() {
  const who = await learner('Webhook');
  const up = await invoke('POST /users/upgrade-premium', { userId: who.userId, body: { period: 'mensual' } });
  if (up.status !== 200) throw new Error(`upgrade answered ${up.status}: ${JSON.stringify(up.body)}`);
  const [customer] = (await (await fetch(`${stripeUrl()}/__local/customers?email=${encodeURIComponent(who.email)}`)).json()) as { id: string }[];
  return { ...who, customer: customer.id, checkoutUrl: up.body.url as string };
}

/** A learner who paid the monthly premium plan with a Visa ending 4242. */
export async function payingLearner() {
  const who = await learnerWithCustomer();
  await payOnCheckout(who.checkoutUrl);
  return who;
}

/** A learner who paid and then saved a second card (Mastercard 4444) through Checkout in setup mode. */
export async function learnerWithTwoCards() {
  const who = await payingLearner();
  const res = await invoke('POST /payments/methods', { userId: who.userId });
  await payOnCheckout(res.body.url as string, '5555555555554444');
  const cards = (await invoke('GET /payments/methods', { userId: who.userId })).body.data as { id: string; marca: string }[];
  return { ...who, visa: cards.find((c) => c.marca === 'visa')!.id, master: cards.find((c) => c.marca === 'mastercard')!.id };
}

/**
 * A customer.subscription.updated event as Stripe sends it, and its Stripe-Signature header; the
 * stand-in holds the subscription as the event says, since the webhook reads it back from Stripe.
 */
export async function signedSubscriptionEvent(customer: string, status: string) {
  await fetch(`${stripeUrl()}/__local/subscriptions/sub_${customer}`, { method: 'PUT', body: new URLSearchParams({ customer, status }) });
  const event = {
    id: `evt_test_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    type: 'customer.subscription.updated',
    livemode: false,
    data: {
      object: {
        id: `sub_${customer}`, object: 'subscription', customer, status, cancel_at_period_end: false, cancel_at: null, default_payment_method: null,
        items: { object: 'list', data: [{ id: 'si_test', price: { id: 'price_local_premium_mensual', recurring: { interval: 'month' } }, current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 }] },
      },
    },
  };
  const raw = Buffer.from(JSON.stringify(event));
  return { raw, signature: signPayload(raw.toString('utf8'), LOCAL_STRIPE_WEBHOOK_SECRET) };
}
