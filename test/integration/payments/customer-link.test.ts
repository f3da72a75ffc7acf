import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoPaymentsStore } from '../../../lambdas/payments/payments-store';
import { putProfile } from '../stores/table-subject';
import { call, signUp } from '../support/api';
import { customerOf, planOf, postWebhook, stripeEvent, subscriptionObject, table } from './support';

// The customer id on the profile and the customer → learner link the webhook follows are one
// transaction on DynamoDB, and every request that needs the customer repairs a lost link.

const key = (userId: string, sk: string) => ({ pk: `USER#${userId}`, sk });

describe('the learner\'s Stripe customer link', () => {
  it('writes nothing when the second write of the transaction fails', async () => {
    const { db, name } = table();
    const userId = `link-${Date.now().toString(36)}`;
    await putProfile(userId);
    // The link item is made invalid on its way to DynamoDB (over the 400 KB item limit).
    db.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { TransactItems?: { Put?: { Item: Record<string, unknown> } }[] };
        const put = input.TransactItems?.[1]?.Put;
        if (put) put.Item.padding = 'x'.repeat(400 * 1024);
        return next(args);
      },
      { step: 'initialize', name: 'breakSecondWrite' },
    );
    await expect(dynamoPaymentsStore(db, name).linkCustomer(userId, 'cus_broken')).rejects.toThrow();
    const profile = await db.send(new GetCommand({ TableName: name, Key: key(userId, 'PROFILE') }));
    expect(profile.Item?.stripeCustomerId).toBeUndefined();
    expect((await db.send(new GetCommand({ TableName: name, Key: key(userId, 'STRIPE_CUSTOMER') }))).Item).toBeUndefined();
  });

  it('is repaired by the next request that needs the customer, so the webhook finds the learner', async () => {
    const learner = await signUp('Enlace');
    const token = learner.tokens.accessToken;
    expect((await call('POST', '/users/upgrade-premium', { token, body: { period: 'mensual' } })).status).toBe(200);
    const customer = (await customerOf(learner.email)).id;
    const { db, name } = table();
    await db.send(new DeleteCommand({ TableName: name, Key: key(learner.user.id, 'STRIPE_CUSTOMER') }));
    // Without its link, an event for this customer reaches nobody.
    expect((await postWebhook(stripeEvent('customer.subscription.updated', subscriptionObject(`sub_lost_${customer}`, customer, 'active')))).body.received).toBe('ignored');
    expect((await call('POST', '/payments/methods', { token })).status).toBe(200);
    expect((await postWebhook(stripeEvent('customer.subscription.updated', subscriptionObject(`sub_found_${customer}`, customer, 'active')))).body.received).toBe('processed');
    expect(await planOf(token)).toBe('premium');
  });
});
