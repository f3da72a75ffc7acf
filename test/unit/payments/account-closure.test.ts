import { closeCustomer } from '../../../lambdas/payments/account-closure';
import { fakeStripe, learner, memoryStore, subscription } from './fakes';

// Deleting an account on the Stripe side: nothing left that could be charged, and safe to repeat.

const card = (id: string) => ({ id, marca: 'visa', ultimos4: '4242', caducidad: { mes: 1, anio: 2030 }, predeterminada: false });

describe('closing the learner\'s Stripe customer', () => {
  it('cancels every live subscription now, then detaches every card', async () => {
    const mem = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
    const order: string[] = [];
    const stripe = fakeStripe({
      liveSubscriptions: jest.fn(async () => [subscription({ id: 'sub_a' }), subscription({ id: 'sub_b', status: 'past_due' })]),
      cards: jest.fn(async () => [card('pm_1'), card('pm_2')]),
      cancelSubscriptionNow: jest.fn(async (id: string) => void order.push(`cancel ${id}`)),
      detachPaymentMethod: jest.fn(async (id: string) => void order.push(`detach ${id}`)),
    });
    await expect(closeCustomer({ store: mem.store, stripe }, 'u1')).resolves.toEqual({ customerId: 'cus_1', checkoutsExpired: [], subscriptionsCanceled: ['sub_a', 'sub_b'], methodsRemoved: ['pm_1', 'pm_2'] });
    expect(stripe.liveSubscriptions).toHaveBeenCalledWith('cus_1');
    expect(order).toEqual(['cancel sub_a', 'cancel sub_b', 'detach pm_1', 'detach pm_2']);
  });

  it('does nothing for a learner who never had a customer', async () => {
    const mem = memoryStore([learner()]);
    const stripe = fakeStripe();
    await expect(closeCustomer({ store: mem.store, stripe }, 'u1')).resolves.toEqual({ customerId: null, checkoutsExpired: [], subscriptionsCanceled: [], methodsRemoved: [] });
    expect(stripe.liveSubscriptions).not.toHaveBeenCalled();
  });

  it('finds the customer through its link when the profile is already gone (a resumed deletion)', async () => {
    const mem = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
    mem.byUser.delete('u1');
    const stripe = fakeStripe({ cards: jest.fn(async () => [card('pm_1')]) });
    await expect(closeCustomer({ store: mem.store, stripe }, 'u1')).resolves.toMatchObject({ customerId: 'cus_1', methodsRemoved: ['pm_1'] });
  });

  it('is a no-op the second time, once Stripe has nothing live left', async () => {
    const mem = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
    const stripe = fakeStripe();
    await expect(closeCustomer({ store: mem.store, stripe }, 'u1')).resolves.toEqual({ customerId: 'cus_1', checkoutsExpired: [], subscriptionsCanceled: [], methodsRemoved: [] });
    expect(stripe.cancelSubscriptionNow).not.toHaveBeenCalled();
  });

  it('marks the customer closed and expires its open Checkouts before cancelling anything', async () => {
    const mem = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
    const order: string[] = [];
    const stripe = fakeStripe({
      markCustomerClosed: jest.fn(async (id: string) => void order.push(`mark ${id}`)),
      expireOpenCheckouts: jest.fn(async () => (order.push('expire'), ['cs_open'])),
      liveSubscriptions: jest.fn(async () => [subscription({ id: 'sub_a' })]),
      cancelSubscriptionNow: jest.fn(async (id: string) => void order.push(`cancel ${id}`)),
    });
    await expect(closeCustomer({ store: mem.store, stripe }, 'u1')).resolves.toMatchObject({ checkoutsExpired: ['cs_open'], subscriptionsCanceled: ['sub_a'] });
    expect(stripe.expireOpenCheckouts).toHaveBeenCalledWith('cus_1');
    expect(order).toEqual(['mark cus_1', 'expire', 'cancel sub_a']);
  });
});
