import type { PlanName } from '../../../lambdas/plans/plans';
import type { Counter, UsageStore } from '../../../lambdas/plans/usage-store';
import type { SpendStore } from '../../../lambdas/plans/spend-store';

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

/** The month items as spend-store.ts keeps them: committed micro-dollars and each work's hold. */
export function memorySpend() {
  const months = new Map<string, number>();
  const holds = new Map<string, number>();
  const bump = (k: string, micro: number) => months.set(k, (months.get(k) ?? 0) + micro);
  const store: SpendStore = {
    add: async (userId, month, micro) => {
      bump(`${userId}/${month}`, micro);
      return true;
    },
    spent: async (userId, month) => months.get(`${userId}/${month}`) ?? 0,
    reserve: async (userId, month, id, micro, ceiling) => {
      const k = `${userId}/${month}`;
      if (holds.has(`${k}/${id}`)) return 'held';
      if ((months.get(k) ?? 0) + micro > ceiling) return 'full';
      holds.set(`${k}/${id}`, micro);
      bump(k, micro);
      return 'held';
    },
    draw: async (userId, month, id, micro) => {
      const left = holds.get(`${userId}/${month}/${id}`);
      if (left === undefined) return false;
      holds.set(`${userId}/${month}/${id}`, left - Math.min(left, micro));
      bump(`${userId}/${month}`, micro - Math.min(left, micro));
      return true;
    },
    settle: async (userId, month, id) => {
      const left = holds.get(`${userId}/${month}/${id}`);
      if (left === undefined) return false;
      holds.delete(`${userId}/${month}/${id}`);
      bump(`${userId}/${month}`, -left);
      return true;
    },
  };
  return { store, months, holds };
}
