import type { PaymentProfile, PaymentsStore, StripeGateway, SubscriptionState } from '../../../lambdas/payments/ports';
import { PREMIUM_STATUSES } from '../../../lambdas/payments/stripe-mappers';

/**
 * An in-memory PaymentsStore with the DynamoDB store's rules (test/support/store-cases/payments-store.ts
 * runs the same cases against both): conditional writes answer false, never throw, for a missing profile.
 */
export function memoryStore(profiles: PaymentProfile[] = []) {
  type Row = PaymentProfile & { planEventAt?: number; pagoEventAt?: number };
  const byUser = new Map<string, Row>(profiles.map((p) => [p.userId, { ...p }]));
  const customers = new Map<string, string>();
  const checkouts = new Map<string, { sessionId: string; at: number }>();
  for (const p of profiles) if (p.stripeCustomerId) customers.set(p.stripeCustomerId, p.userId);
  const store: PaymentsStore = {
    async profile(id) {
      const p = byUser.get(id);
      if (!p) return undefined;
      const { planEventAt: _t, pagoEventAt: _p, ...profile } = p;
      return structuredClone({ ...profile, pagoFallido: Boolean(p.pagoFallido) });
    },
    // As the DynamoDB transaction: profile and link both or neither; the winner of a race is linked.
    async linkCustomer(userId, customerId, replacing) {
      const p = byUser.get(userId);
      if (!p) throw Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException' });
      const allowed = p.stripeCustomerId === undefined || p.stripeCustomerId === customerId || (replacing !== undefined && p.stripeCustomerId === replacing);
      const winner = allowed ? customerId : p.stripeCustomerId!;
      for (const [c, u] of customers) if (u === userId) customers.delete(c);
      p.stripeCustomerId = winner;
      customers.set(winner, userId);
      return winner;
    },
    linkedCustomer: async (userId) => [...customers].find(([, u]) => u === userId)?.[0],
    learnerForCustomer: async (c) => customers.get(c),
    async applySubscription(userId, sub: SubscriptionState, at) {
      const p = byUser.get(userId);
      if (!p) return false;
      if (p.planEventAt !== undefined && p.planEventAt > at) return false;
      const premium = PREMIUM_STATUSES.has(sub.status);
      if (!premium && p.suscripcion && p.suscripcion.id !== sub.id) return false;
      Object.assign(p, { plan: premium ? 'premium' : 'gratuito', planEventAt: at, suscripcion: { id: sub.id, estado: sub.status, periodo: sub.periodo, renuevaEl: sub.renuevaEl, cancelaAlFinal: sub.cancelaAlFinal } });
      return true;
    },
    async setPaymentFailed(userId, failed, at) {
      const p = byUser.get(userId);
      if (!p) return false;
      if (p.pagoEventAt !== undefined && p.pagoEventAt > at) return false;
      Object.assign(p, { pagoFallido: failed, pagoEventAt: at });
      return true;
    },
    async claimCheckout(userId, sessionId, at) {
      const current = checkouts.get(userId);
      if (!current || current.at <= at) checkouts.set(userId, { sessionId, at });
      return checkouts.get(userId)!.sessionId;
    },
  };
  const addLearner = async (userId: string) => void byUser.set(userId, { userId, email: `${userId}@example.com`, nombre: userId, plan: 'gratuito' });
  const dropLink = async (userId: string) => {
    for (const [c, u] of customers) if (u === userId) customers.delete(c);
  };
  return { store, byUser, customers, addLearner, dropLink };
}

export const subscription = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  id: 'sub_1', customerId: 'cus_1', status: 'active', periodo: 'mensual', renuevaEl: '2026-12-22T00:00:00.000Z', cancelaAlFinal: false, defaultPaymentMethod: 'pm_1', created: 1_764_000_000, ...over,
});

/** A StripeGateway whose calls are jest mocks with sensible answers. */
export function fakeStripe(over: Partial<StripeGateway> = {}): jest.Mocked<StripeGateway> {
  return {
    createCustomer: jest.fn(async () => 'cus_new'),
    liveSubscriptions: jest.fn(async () => []),
    cancelSubscriptionNow: jest.fn(async () => undefined),
    portalSession: jest.fn(async () => 'https://billing.stripe.com/p/session/test_1'),
    customerExists: jest.fn(async () => true),
    subscriptionCheckout: jest.fn(async () => ({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' })),
    expireOpenCheckouts: jest.fn(async () => []),
    cancelAndRefund: jest.fn(async () => 're_1'),
    markCustomerClosed: jest.fn(async () => undefined),
    customerClosed: jest.fn(async () => false),
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
