import Stripe from 'stripe';
import { installClock, systemClock } from '../../../lambdas/shared/clock';
import { handleStripeWebhook, WEBHOOK_TOLERANCE_S, type WebhookDeps } from '../../../lambdas/payments/webhook';
import { signPayload } from '../../../infra/local/stripe-state';
import { powertoolsEventLease } from '../../../lambdas/payments/event-lease';
import { fakeStripe, learner, memoryStore } from './fakes';
import { MemoryEventRecords } from './memory-event-records';

// A webhook's age is measured by the injected clock, the one the local stack moves, never by the
// machine's: a test makes a signature stale by moving the clock, not by forging an old timestamp.

const SECRET = 'whsec_unit';
const SIGNED_AT = 1_800_000_000;
const event = JSON.stringify({ id: 'evt_clock', object: 'event', type: 'customer.subscription.updated', created: SIGNED_AT, data: { object: { customer: 'cus_unknown' } } });

function deps() {
  const stripe = new Stripe('sk_test_unit');
  const verify = jest.fn<ReturnType<WebhookDeps['verify']>, Parameters<WebhookDeps['verify']>>(async (raw, signature, receivedAt) =>
    stripe.webhooks.constructEvent(raw, signature, SECRET, WEBHOOK_TOLERANCE_S, undefined, receivedAt),
  );
  const d: WebhookDeps = { store: memoryStore([learner({ stripeCustomerId: 'cus_1' })]).store, stripe: fakeStripe(), lease: powertoolsEventLease(new MemoryEventRecords()), verify };
  return { d, verify };
}
const at = (seconds: number) => installClock({ now: () => new Date(seconds * 1000) });

afterEach(() => installClock(systemClock));

it('refuses a signature older than the tolerance by the clock, before verifying it', async () => {
  const { d, verify } = deps();
  at(SIGNED_AT + WEBHOOK_TOLERANCE_S + 1);
  await expect(handleStripeWebhook(d, Buffer.from(event), signPayload(event, SECRET, SIGNED_AT), 29_000)).rejects.toMatchObject({ status: 400, message: 'La firma de Stripe no es válida.' });
  expect(verify).not.toHaveBeenCalled();
});

it('verifies a signature inside the tolerance, handing the clock time to Stripe as receivedAt', async () => {
  const { d, verify } = deps();
  at(SIGNED_AT + WEBHOOK_TOLERANCE_S);
  await expect(handleStripeWebhook(d, Buffer.from(event), signPayload(event, SECRET, SIGNED_AT), 29_000)).resolves.toBe('ignored');
  expect(verify).toHaveBeenCalledWith(Buffer.from(event), expect.any(String), (SIGNED_AT + WEBHOOK_TOLERANCE_S) * 1000);
});

it('refuses a header without a timestamp', async () => {
  const { d, verify } = deps();
  at(SIGNED_AT);
  const v1 = signPayload(event, SECRET, SIGNED_AT).split(',')[1];
  await expect(handleStripeWebhook(d, Buffer.from(event), v1, 29_000)).rejects.toMatchObject({ status: 400 });
  expect(verify).not.toHaveBeenCalled();
});
