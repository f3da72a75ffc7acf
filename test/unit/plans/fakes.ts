import type { PlanName } from '../../../lambdas/plans/plans';
import type { Counter, UsageStore } from '../../../lambdas/plans/usage-store';

/**
 * An in-memory UsageStore with the DynamoDB store's rules (test/support/store-cases/usage-store.ts
 * runs the same cases against both). Pass it to the real `planQuotas` so tests get the real
 * answers: 429 with the plan's message when a limit is used up, 402 when the plan lacks a feature.
 */
export function memoryUsageStore(plans: Record<string, PlanName> = {}) {
  const counts = new Map<string, number>();
  const k = (userId: string, counter: Counter, period: string) => `${userId}/${counter}/${period}`;
  const store: UsageStore = {
    async take(userId, counter, period, limit) {
      const n = counts.get(k(userId, counter, period)) ?? 0;
      if (n >= limit) return undefined;
      counts.set(k(userId, counter, period), n + 1);
      return n + 1;
    },
    async release(userId, counter, period) {
      const n = counts.get(k(userId, counter, period)) ?? 0;
      if (n > 0) counts.set(k(userId, counter, period), n - 1);
    },
    used: async (userId, counter, period) => counts.get(k(userId, counter, period)) ?? 0,
    planOf: async (userId) => plans[userId] ?? 'gratuito',
  };
  const setPlan = async (userId: string, plan: PlanName) => void (plans[userId] = plan);
  return { store, counts, setPlan };
}
