import type { PaymentsStore, SubscriptionState } from '../../../lambdas/payments/ports';

// The payments store's rules, as cases any implementation must pass: the DynamoDB store on the
// local engine (integration project) and the in-memory fake the use-case tests use (unit project).

export interface PaymentsStoreSubject {
  store: PaymentsStore;
  /** Creates a gratuito learner's profile item. */
  addLearner(userId: string): Promise<void>;
  /** Deletes the learner's customer → learner link (a link lost before the transaction existed). */
  dropLink(userId: string): Promise<void>;
}

let n = 0;
const fresh = (tag: string) => `${tag}-${Date.now().toString(36)}-${(n++).toString(36)}`;

const sub = (id: string, status: string): SubscriptionState => ({
  id, customerId: 'cus_cases', status, periodo: 'mensual', renuevaEl: '2026-12-22T00:00:00.000Z', cancelaAlFinal: false, defaultPaymentMethod: null, created: 1,
});

export function paymentsStoreCases(make: () => Promise<PaymentsStoreSubject>) {
  let s: PaymentsStoreSubject;
  let userId: string;
  beforeEach(async () => {
    s = await make();
    userId = fresh('learner');
    await s.addLearner(userId);
  });
  const plan = async () => (await s.store.profile(userId))?.plan;

  it('writes the customer on the profile and its link together: the webhook finds the learner', async () => {
    const customer = fresh('cus');
    await expect(s.store.linkCustomer(userId, customer)).resolves.toBe(customer);
    expect((await s.store.profile(userId))?.stripeCustomerId).toBe(customer);
    await expect(s.store.linkedCustomer(userId)).resolves.toBe(customer);
    await expect(s.store.learnerForCustomer(customer)).resolves.toBe(userId);
  });

  it('writes neither item when the profile refuses the customer', async () => {
    const nobody = fresh('nobody');
    const customer = fresh('cus');
    await expect(s.store.linkCustomer(nobody, customer)).rejects.toThrow();
    await expect(s.store.linkedCustomer(nobody)).resolves.toBeUndefined();
    await expect(s.store.learnerForCustomer(customer)).resolves.toBeUndefined();
  });

  it('repairs a lost link when the stored customer is linked again', async () => {
    const customer = fresh('cus');
    await s.store.linkCustomer(userId, customer);
    await s.dropLink(userId);
    await expect(s.store.learnerForCustomer(customer)).resolves.toBeUndefined();
    await expect(s.store.linkCustomer(userId, customer)).resolves.toBe(customer);
    await expect(s.store.learnerForCustomer(customer)).resolves.toBe(userId);
  });

  it('links the customer that won a race, never the one that lost', async () => {
    const [first, second] = [fresh('cus'), fresh('cus')];
    await s.store.linkCustomer(userId, first);
    await s.dropLink(userId);
    await expect(s.store.linkCustomer(userId, second)).resolves.toBe(first);
    await expect(s.store.learnerForCustomer(first)).resolves.toBe(userId);
    await expect(s.store.learnerForCustomer(second)).resolves.toBeUndefined();
  });

  it('applies a subscription and reads it back on the profile', async () => {
    await expect(s.store.applySubscription(userId, sub('sub_a', 'active'), 1000)).resolves.toBe(true);
    expect(await s.store.profile(userId)).toMatchObject({ plan: 'premium', suscripcion: { id: 'sub_a', estado: 'active', periodo: 'mensual', cancelaAlFinal: false } });
  });

  it('refuses an older event after a newer one and keeps the newer state', async () => {
    await s.store.applySubscription(userId, sub('sub_a', 'active'), 2000);
    await expect(s.store.applySubscription(userId, sub('sub_a', 'canceled'), 1000)).resolves.toBe(false);
    expect(await plan()).toBe('premium');
  });

  it('refuses an older activation after a newer cancellation', async () => {
    await s.store.applySubscription(userId, sub('sub_a', 'canceled'), 2000);
    await expect(s.store.applySubscription(userId, sub('sub_a', 'active'), 1000)).resolves.toBe(false);
    expect(await plan()).toBe('gratuito');
  });

  it('applies an event with the same timestamp as the last one', async () => {
    await s.store.applySubscription(userId, sub('sub_a', 'active'), 2000);
    await expect(s.store.applySubscription(userId, sub('sub_a', 'canceled'), 2000)).resolves.toBe(true);
    expect(await plan()).toBe('gratuito');
  });

  it('ignores the end of a subscription that is not the current one', async () => {
    await s.store.applySubscription(userId, sub('sub_new', 'active'), 1000);
    await expect(s.store.applySubscription(userId, sub('sub_old', 'canceled'), 2000)).resolves.toBe(false);
    expect(await plan()).toBe('premium');
  });

  it('lets a new subscription replace the current one', async () => {
    await s.store.applySubscription(userId, sub('sub_old', 'active'), 1000);
    await expect(s.store.applySubscription(userId, sub('sub_new', 'trialing'), 2000)).resolves.toBe(true);
    expect((await s.store.profile(userId))?.suscripcion?.id).toBe('sub_new');
  });

  it('applies nothing to a learner without a profile', async () => {
    await expect(s.store.applySubscription(fresh('nobody'), sub('sub_a', 'active'), 1000)).resolves.toBe(false);
    await expect(s.store.setPaymentFailed(fresh('nobody'), true, 1000)).resolves.toBe(false);
  });

  it('flags a failed payment and refuses an older flag after a newer one', async () => {
    await expect(s.store.setPaymentFailed(userId, true, 2000)).resolves.toBe(true);
    await expect(s.store.setPaymentFailed(userId, false, 1000)).resolves.toBe(false);
    expect((await s.store.profile(userId))?.pagoFallido).toBe(true);
  });

  it('links the first customer id and answers it to a later one', async () => {
    await expect(s.store.linkCustomer(userId, 'cus_first')).resolves.toBe('cus_first');
    await expect(s.store.linkCustomer(userId, 'cus_second')).resolves.toBe('cus_first');
    expect((await s.store.profile(userId))?.stripeCustomerId).toBe('cus_first');
  });

  it('replaces a customer only when told which one it replaces', async () => {
    const first = fresh('cus');
    await s.store.linkCustomer(userId, first);
    await expect(s.store.linkCustomer(userId, 'cus_other', 'cus_not_current')).resolves.toBe(first);
    const second = fresh('cus');
    await expect(s.store.linkCustomer(userId, second, first)).resolves.toBe(second);
    await expect(s.store.learnerForCustomer(second)).resolves.toBe(userId);
  });

  it('finds the learner of a linked customer, and nobody for an unknown one', async () => {
    const customer = fresh('cus');
    await s.store.linkCustomer(userId, customer);
    await expect(s.store.learnerForCustomer(customer)).resolves.toBe(userId);
    await expect(s.store.learnerForCustomer(fresh('cus_unknown'))).resolves.toBeUndefined();
  });

  it('links no customer to a learner without a profile', async () => {
    await expect(s.store.linkCustomer(fresh('nobody'), fresh('cus'))).rejects.toThrow();
  });

  it('reads a new learner as gratuito with no subscription and no failed payment', async () => {
    expect(await s.store.profile(userId)).toMatchObject({ userId, plan: 'gratuito', pagoFallido: false });
    expect((await s.store.profile(userId))?.suscripcion).toBeUndefined();
    await expect(s.store.profile(fresh('nobody'))).resolves.toBeUndefined();
  });

  it('keeps the Checkout of the request that started last, whatever order the writes arrive in', async () => {
    await expect(s.store.claimCheckout(userId, 'cs_first', 1000)).resolves.toBe('cs_first');
    await expect(s.store.claimCheckout(userId, 'cs_second', 2000)).resolves.toBe('cs_second');
    // A request that started before the second one, arriving after it, does not displace it.
    await expect(s.store.claimCheckout(userId, 'cs_slow', 1500)).resolves.toBe('cs_second');
    // A double click shares one session: claiming it again keeps it.
    await expect(s.store.claimCheckout(userId, 'cs_second', 2000)).resolves.toBe('cs_second');
  });
}
