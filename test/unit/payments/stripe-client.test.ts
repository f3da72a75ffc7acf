import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripe, STRIPE_API_VERSION, STRIPE_CALL_BUDGET_MS } from '../../../lambdas/payments/stripe-client';
import { stripeGateway } from '../../../lambdas/payments/stripe-gateway';

// Stripe's own client with Mentora's settings, against a loopback server answering as Stripe does:
// what it sends (version, key, idempotency key, where) and how its errors reach the gateway's rules.

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = (req: Seen) => [number, object];

async function server(answer: Answer) {
  const seen: Seen[] = [];
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(s);
      const [status, body] = answer(s);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  const stripe = createStripe(Stripe, 'sk_test_unit', { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: port, STRIPE_API_PROTOCOL: 'http' });
  return { seen, stripe, close: () => new Promise<void>((resolve) => { srv.closeAllConnections(); srv.close(() => resolve()); }) };
}

let open: Awaited<ReturnType<typeof server>> | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});
const start = async (answer: Answer) => (open = await server(answer));
const invalidRequest = (message: string, code?: string): [number, object] => [code === 'resource_missing' ? 404 : 400, { error: { type: 'invalid_request_error', message, code } }];

it('pins the API version of the installed stripe package, whose types describe what Stripe sends', () => {
  expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
});

it('calls the configured host with the pinned version, the secret key and the gateway\'s idempotency key', async () => {
  const { seen, stripe } = await start(() => [200, { id: 'cus_1', object: 'customer' }]);
  await expect(stripeGateway(async () => stripe).createCustomer({ userId: 'u1', email: 'a@example.com', nombre: 'Ana' })).resolves.toBe('cus_1');
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/customers' });
  expect(seen[0].headers).toMatchObject({ 'stripe-version': STRIPE_API_VERSION, authorization: 'Bearer sk_test_unit', 'idempotency-key': 'mentora:customer:u1' });
  expect(new URLSearchParams(seen[0].body).get('metadata[userId]')).toBe('u1');
});

it('bounds each call by the budget and does not retry a failed one inside it (Stripe\'s redelivery and the learner\'s click do)', async () => {
  const { seen, stripe } = await start(() => [500, { error: { type: 'api_error', message: 'boom' } }]);
  expect(stripe.getApiField('timeout')).toBe(STRIPE_CALL_BUDGET_MS);
  await expect(stripe.customers.retrieve('cus_1')).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  expect(seen).toHaveLength(1);
});

it('reads a customer Stripe does not have as absent, from the real client\'s error', async () => {
  const { stripe } = await start(() => invalidRequest("No such customer: 'cus_gone'", 'resource_missing'));
  const gateway = stripeGateway(async () => stripe);
  await expect(gateway.customerExists('cus_gone')).resolves.toBe(false);
  await expect(gateway.customerClosed('cus_gone')).resolves.toBe(false);
});

it('treats a Checkout paid or expired since the list as not to expire, and any other failure as a failure', async () => {
  const { stripe } = await start((req) =>
    req.method === 'GET'
      ? [200, { object: 'list', has_more: false, url: '/v1/checkout/sessions', data: [{ id: 'cs_paid', object: 'checkout.session', mode: 'subscription', status: 'open' }] }]
      : invalidRequest('Only Checkout Sessions with a status in ["open"] can be expired.'),
  );
  await expect(stripeGateway(async () => stripe).expireOpenCheckouts('cus_1')).resolves.toEqual(['cs_paid']);

  const denied = await server(() => [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }]);
  try {
    await expect(stripeGateway(async () => denied.stripe).expireOpenCheckouts('cus_1')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  } finally {
    await denied.close();
  }
});

it('cancels a subscription already canceled as done, under its closure key', async () => {
  const { seen, stripe } = await start(() => invalidRequest('A canceled subscription can only update its cancellation_details and metadata.'));
  await expect(stripeGateway(async () => stripe).cancelSubscriptionNow('sub_1')).resolves.toBeUndefined();
  expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/v1/subscriptions/sub_1' });
  expect(seen[0].headers['idempotency-key']).toBe('mentora:close:sub_1');
});
