import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { signPayload } from '../../../infra/local/stripe-state';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../../infra/local/stripe';
import { call } from '../support/api';

// Helpers for the payments tests: the local Stripe stand-in, signed webhooks, the table.

export const stackEnv = (): Record<string, string> => JSON.parse(process.env.MENTORA_STACK_ENV ?? '{}');
export const stripeUrl = () => `http://127.0.0.1:${stackEnv().STRIPE_API_PORT}`;

export function table() {
  const env = stackEnv();
  const client = new DynamoDBClient({
    endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  return { db: DynamoDBDocumentClient.from(client), name: env.TABLE_NAME };
}

/** Pays on the local "Pago de prueba" page as a learner would; answers where it redirects. */
export async function payOnCheckout(checkoutUrl: string, number = '4242424242424242') {
  const res = await fetch(`${checkoutUrl}/complete`, {
    method: 'POST',
    body: new URLSearchParams({ number, expiry: '12/34', cvc: '123' }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: res.status === 303 ? '' : await res.text() };
}

export async function upgradeAndPay(token: string, period: 'mensual' | 'anual' = 'mensual') {
  const up = await call('POST', '/users/upgrade-premium', { token, body: { period } });
  if (up.status !== 200) throw new Error(`upgrade answered ${up.status}: ${JSON.stringify(up.body)}`);
  return payOnCheckout(up.body.url);
}

export async function customerOf(email: string): Promise<{ id: string }> {
  const list = await (await fetch(`${stripeUrl()}/__local/customers?email=${encodeURIComponent(email)}`)).json();
  if (!list.length) throw new Error(`no Stripe customer for ${email}`);
  return list[0];
}

export async function subscriptionsOf(email: string): Promise<any[]> {
  return (await fetch(`${stripeUrl()}/__local/subscriptions?email=${encodeURIComponent(email)}`)).json();
}

let seq = 0;
/** A Stripe event as Stripe would send it; `created` in seconds. */
export const stripeEvent = (type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_test_${Date.now().toString(36)}${(seq++).toString(36)}`,
  object: 'event',
  api_version: '2026-10-28.endive',
  created,
  type,
  livemode: false,
  data: { object },
});

/** Makes the Stripe stand-in hold a subscription as given (the webhook reads it back from there). */
export async function stripeHasSubscription(id: string, customer: string, status: string, cancelAtPeriodEnd = false) {
  const res = await fetch(`${stripeUrl()}/__local/subscriptions/${id}`, {
    method: 'PUT',
    body: new URLSearchParams({ customer, status, cancel_at_period_end: String(cancelAtPeriodEnd) }),
  });
  if (!res.ok && res.status !== 404) throw new Error(`stand-in answered ${res.status}`);
}

/**
 * Posts a webhook to the real route, signed like Stripe (or not, or with another secret / time).
 * A subscription event's object is first put in the Stripe stand-in as the event says, since the
 * webhook reads the subscription back from Stripe; `stripeKnows: false` leaves Stripe's record alone.
 */
export async function postWebhook(event: unknown, opts: { secret?: string; timestamp?: number; signature?: string | null; stripeKnows?: boolean } = {}) {
  const object = (event as { data?: { object?: { object?: string; id?: string; customer?: string; status?: string } } }).data?.object;
  if (opts.stripeKnows !== false && object?.object === 'subscription' && object.id && object.customer) {
    await stripeHasSubscription(object.id, object.customer, object.status ?? 'active');
  }
  const raw = JSON.stringify(event);
  const signature = opts.signature === undefined ? signPayload(raw, opts.secret ?? LOCAL_STRIPE_WEBHOOK_SECRET, opts.timestamp) : opts.signature;
  return call('POST', '/payments/webhook', { raw, headers: signature === null ? {} : { 'stripe-signature': signature } });
}

export const planOf = async (token: string) => (await call('GET', '/users/me', { token })).body.data.plan.nombre as string;

/** A subscription object as Stripe puts it in customer.subscription.* events. */
export const subscriptionObject = (id: string, customer: string, status: string, periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400) => ({
  id,
  object: 'subscription',
  customer,
  status,
  cancel_at_period_end: false,
  cancel_at: null,
  default_payment_method: null,
  items: { object: 'list', data: [{ id: 'si_test', price: { id: 'price_local_premium_mensual', recurring: { interval: 'month' } }, current_period_end: periodEnd }] },
});

/** For tests that call handlers in-process (pipeline harness): a learner whose verified plan is premium. */
export async function seedPremiumLearner(dynamoUrl: string, sub: string) {
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoUrl, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  await client.send(new PutCommand({ TableName: 'mentora', Item: { pk: `USER#${sub}`, sk: 'PROFILE', id: sub, email: `${sub}@example.com`, nombre: sub, plan: { nombre: 'premium' } } }));
}
