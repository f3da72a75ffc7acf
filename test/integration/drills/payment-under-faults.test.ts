import { signUp } from '../support/api';
import { useOwnStack } from '../support/own-stack';
import { payOnCheckout, planOf, subscriptionsOf } from '../payments/support';
import { dynamoFaults, retrying, unexplained5xx } from './drill-support';

// Drill (issue 13): a learner pays while DynamoDB fails under the webhook, including writes whose
// answer is lost (the event's lease written, the webhook told it failed). Stripe delivers the event
// again (the local stand-in does too, seconds apart); the lease refuses a second worker while the
// first may still run and lets the event be applied once it expires. The payment is never lost
// (premium in the end) nor doubled (one subscription, and a second Checkout is refused).

useOwnStack();

it('ends premium with exactly one subscription when the webhook meets DynamoDB failures', async () => {
  const { email, tokens } = await signUp('Pagadora');
  const token = tokens.accessToken;
  // Double click on "Mejorar plan": one Checkout.
  const [up, twice] = await Promise.all([0, 1].map(() => retrying('POST', '/users/upgrade-premium', { token, body: { period: 'mensual' } })));
  expect(up.status).toBe(200);
  expect([200, 409]).toContain(twice.status);

  await dynamoFaults([
    { operation: '*', error: 'ServiceUnavailable', after: true, rate: 0.5, times: 4 },
    { operation: '*', error: 'InternalServerError', rate: 0.5, times: 6 },
  ]);
  const paid = await payOnCheckout(up.body.url as string);
  expect(paid.status).toBe(303);
  await dynamoFaults([]);

  // Stripe's redeliveries (1 s, 5 s, 30 s, 2 min locally) bring the plan to premium.
  const until = Date.now() + 150_000;
  while ((await planOf(token)) !== 'premium' && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
  expect(await planOf(token)).toBe('premium');
  expect(await subscriptionsOf(email)).toHaveLength(1);

  const again = await retrying('POST', '/users/upgrade-premium', { token, body: { period: 'anual' } });
  expect(again.status).toBe(409);
  expect(again.body.message).toMatch(/premium/);
  expect(unexplained5xx()).toEqual([]);
}, 200_000);
