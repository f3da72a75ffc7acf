// The payment pages' cache keys: the plan and its usage, billing details, payment methods, history.
export const paymentKeys = {
  all: ['payments'] as const,
  plan: () => ['payments', 'plan'] as const,
  billing: () => ['payments', 'billing'] as const,
  methods: () => ['payments', 'methods'] as const,
  history: () => ['payments', 'history'] as const,
};
