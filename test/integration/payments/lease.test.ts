import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_KEY_PREFIX, EVENT_LEASE_PK, EVENT_RECORD_SECONDS, tableEventRecords } from '../../../lambdas/payments/event-lease';
import { call, signUp } from '../support/api';
import { customerOf, planOf, postWebhook, stackEnv, stripeEvent, stripeHasSubscription, subscriptionObject, table } from './support';

// The lease on a Stripe event, on the real route and table: Powertools Idempotency's record at
// (STRIPE_EVENT, stripe-event#<hash>). A killed invocation is reproduced by writing the INPROGRESS
// record exactly as Powertools writes it (saveInProgress) with the time its invocation had left.

async function learnerWithCustomer() {
  const learner = await signUp('Lease');
  expect((await call('POST', '/users/upgrade-premium', { token: learner.tokens.accessToken, body: { period: 'mensual' } })).status).toBe(200);
  return { ...learner, customer: (await customerOf(learner.email)).id };
}

/** Powertools' own persistence layer on the stack's table, as the webhook configures it. */
function records() {
  const env = stackEnv();
  const client = new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region: env.AWS_REGION, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } });
  const layer = tableEventRecords(env.TABLE_NAME, client);
  layer.configure({ config: new IdempotencyConfig({ expiresAfterSeconds: EVENT_RECORD_SECONDS }), keyPrefix: EVENT_KEY_PREFIX });
  return layer;
}

describe('a Stripe event under its lease', () => {
  it('refuses a delivery while another holds an unexpired lease: 409, not "replayed", and nothing applied', async () => {
    const l = await learnerWithCustomer();
    const event = stripeEvent('customer.subscription.updated', subscriptionObject(`sub_busy_${l.customer}`, l.customer, 'active'));
    await records().saveInProgress(event.id, 25_000); // a delivery still running, 25 s left
    const res = await postWebhook(event);
    expect(res.status).toBe(409);
    expect(res.body.received).toBeUndefined();
    expect(await planOf(l.tokens.accessToken)).toBe('gratuito');
  });

  it('lets the next delivery claim an event whose lease expired (its invocation was killed) and apply it', async () => {
    const l = await learnerWithCustomer();
    const event = stripeEvent('customer.subscription.updated', subscriptionObject(`sub_killed_${l.customer}`, l.customer, 'active'));
    await records().saveInProgress(event.id, -1); // its time ran out: the lease is over
    expect((await postWebhook(event)).body).toEqual({ success: true, received: 'processed' });
    expect(await planOf(l.tokens.accessToken)).toBe('premium');
    expect((await postWebhook(event)).body).toEqual({ success: true, received: 'replayed' });
  });

  it('frees the event when applying it fails, so Stripe\'s retry applies it', async () => {
    const l = await learnerWithCustomer();
    const subId = `sub_retry_${l.customer}`;
    const event = stripeEvent('customer.subscription.updated', subscriptionObject(subId, l.customer, 'active'));
    // Stripe cannot answer the re-read yet (no such subscription): the delivery fails.
    const failed = await postWebhook(event, { stripeKnows: false });
    expect(failed.status).toBe(500);
    expect(await planOf(l.tokens.accessToken)).toBe('gratuito');
    await stripeHasSubscription(subId, l.customer, 'active');
    expect((await postWebhook(event, { stripeKnows: false })).body).toEqual({ success: true, received: 'processed' });
    expect(await planOf(l.tokens.accessToken)).toBe('premium');
  });

  it('keeps a completed event\'s record in the table with its TTL (expiresAt, a week on)', async () => {
    const l = await learnerWithCustomer();
    const event = stripeEvent('customer.subscription.updated', subscriptionObject(`sub_ttl_${l.customer}`, l.customer, 'active'));
    await postWebhook(event);
    const { db, name } = table();
    const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': EVENT_LEASE_PK }, ConsistentRead: true }));
    const mine = out.Items?.filter((i) => String(i.sk).startsWith(`${EVENT_KEY_PREFIX}#`) && i.status === 'COMPLETED') ?? [];
    expect(mine.length).toBeGreaterThan(0);
    const now = Date.now() / 1000;
    for (const item of mine) expect(item.expiresAt).toBeGreaterThan(now + 6 * 24 * 3600);
  });
});
