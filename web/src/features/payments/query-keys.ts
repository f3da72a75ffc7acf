// The payment pages' cache keys: the plan and its usage, billing details, payment methods, history.
export const paymentKeys = {
  all: ['payments'] as const,
  plan: () => ['payments', 'plan'] as const,
  /** The same summary as the plan notes read it; `refresh` is the caller's count of spending actions. */
  usage: (refresh: number) => ['payments', 'plan', 'usage', refresh] as const,
  /** /payments/success's poll of the learner until Stripe's confirmation makes the plan premium. */
  confirmation: () => ['payments', 'confirmation'] as const,
  billing: () => ['payments', 'billing'] as const,
  methods: () => ['payments', 'methods'] as const,
  history: () => ['payments', 'history'] as const,
};
