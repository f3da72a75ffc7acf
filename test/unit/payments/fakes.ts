import type { PaymentProfile, PaymentsStore, StripeGateway, SubscriptionState } from '../../../lambdas/payments/ports';
import { PREMIUM_STATUSES } from '../../../lambdas/payments/stripe-mappers';

/** An in-memory PaymentsStore with the same ordering rules as the DynamoDB one. */
export function memoryStore(profiles: PaymentProfile[] = []) {
  const byUser = new Map(profiles.map((p) => [p.userId, { ...p, planEventAt: undefined as number | undefined }]));
  const events = new Set<string>();
  const store: PaymentsStore = {
    profile: async (id) => byUser.get(id),
    async linkCustomer(userId, customerId) {
      const p = byUser.get(userId)!;
      p.stripeCustomerId ??= customerId;
      return p.stripeCustomerId;
    },
    learnerForCustomer: async (c) => [...byUser.values()].find((p) => p.stripeCustomerId === c)?.userId,
    claimEvent: async (id) => !events.has(id) && Boolean(events.add(id)),
    releaseEvent: async (id) => void events.delete(id),
    async applySubscription(userId, sub: SubscriptionState, at) {
      const p = byUser.get(userId)!;
      if (p.planEventAt !== undefined && p.planEventAt > at) return false;
      const premium = PREMIUM_STATUSES.has(sub.status);
      if (!premium && p.suscripcion && p.suscripcion.id !== sub.id) return false;
      Object.assign(p, { plan: premium ? 'premium' : 'gratuito', planEventAt: at, suscripcion: { id: sub.id, estado: sub.status, periodo: sub.periodo, renuevaEl: sub.renuevaEl, cancelaAlFinal: sub.cancelaAlFinal } });
      return true;
    },
    async setPaymentFailed(userId, failed) {
      byUser.get(userId)!.pagoFallido = failed;
      return true;
    },
  };
  return { store, events, byUser };
}

export const subscription = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  id: 'sub_1', customerId: 'cus_1', status: 'active', periodo: 'mensual', renuevaEl: '2026-12-22T00:00:00.000Z', cancelaAlFinal: false, defaultPaymentMethod: 'pm_1', ...over,
});

/** A StripeGateway whose calls are jest mocks with sensible answers. */
export function fakeStripe(over: Partial<StripeGateway> = {}): jest.Mocked<StripeGateway> {
  return {
    createCustomer: jest.fn(async () => 'cus_new'),
    customerExists: jest.fn(async () => true),
    subscriptionCheckout: jest.fn(async () => 'https://checkout.stripe.com/c/pay/cs_test_1'),
    setupCheckout: jest.fn(async () => 'https://checkout.stripe.com/c/pay/cs_test_setup'),
    subscription: jest.fn(async () => subscription()),
    setupIntentPaymentMethod: jest.fn(async () => 'pm_2'),
    invoices: jest.fn(async () => []),
    cards: jest.fn(async () => []),
    defaultPaymentMethod: jest.fn(async () => null),
    setDefaultPaymentMethod: jest.fn(async () => undefined),
    detachPaymentMethod: jest.fn(async () => undefined),
    billing: jest.fn(async () => null),
    updateBilling: jest.fn(async () => undefined),
    prices: jest.fn(async () => []),
    ...over,
  } as jest.Mocked<StripeGateway>;
}

export const learner = (over: Partial<PaymentProfile> = {}): PaymentProfile => ({ userId: 'u1', email: 'ana@example.com', nombre: 'Ana', plan: 'gratuito', ...over });
