import type { UsageStore } from '../../../lambdas/plans/usage-store';

// The plan counters' rules (lambdas/plans/usage-store.ts), as cases for the DynamoDB store on the
// local engine and for the in-memory fake the unit tests use.

export interface UsageStoreSubject {
  store: UsageStore;
  /** Gives the learner a profile on the given plan. */
  setPlan(userId: string, plan: 'gratuito' | 'premium'): Promise<void>;
}

let n = 0;
const fresh = () => `usage-${Date.now().toString(36)}-${(n++).toString(36)}`;

export function usageStoreCases(make: () => Promise<UsageStoreSubject>) {
  let s: UsageStoreSubject;
  let userId: string;
  beforeEach(async () => {
    s = await make();
    userId = fresh();
  });

  it('counts each unit taken and answers the count including it', async () => {
    await expect(s.store.take(userId, 'cursos', '2026-11', 3)).resolves.toBe(1);
    await expect(s.store.take(userId, 'cursos', '2026-11', 3)).resolves.toBe(2);
    await expect(s.store.used(userId, 'cursos', '2026-11')).resolves.toBe(2);
  });

  it('refuses a unit past the limit and never counts beyond it', async () => {
    for (let i = 0; i < 2; i++) await s.store.take(userId, 'tutor', '2026-11-22', 2);
    await expect(s.store.take(userId, 'tutor', '2026-11-22', 2)).resolves.toBeUndefined();
    await expect(s.store.used(userId, 'tutor', '2026-11-22')).resolves.toBe(2);
  });

  it('lets parallel takes reach the limit exactly', async () => {
    const taken = await Promise.all(Array.from({ length: 8 }, () => s.store.take(userId, 'cursos', '2026-11', 3)));
    expect(taken.filter((t) => t !== undefined).sort()).toEqual([1, 2, 3]);
    await expect(s.store.used(userId, 'cursos', '2026-11')).resolves.toBe(3);
  });

  it('keeps periods and counters apart', async () => {
    await s.store.take(userId, 'cursos', '2026-11', 3);
    await expect(s.store.used(userId, 'cursos', '2026-12')).resolves.toBe(0);
    await expect(s.store.used(userId, 'tutor', '2026-11')).resolves.toBe(0);
    await expect(s.store.used(fresh(), 'cursos', '2026-11')).resolves.toBe(0);
  });

  it('gives a unit back, so a full counter has room again', async () => {
    await s.store.take(userId, 'tutor', '2026-11-22', 1);
    await s.store.release(userId, 'tutor', '2026-11-22');
    await expect(s.store.take(userId, 'tutor', '2026-11-22', 1)).resolves.toBe(1);
  });

  it('never goes below zero when more units are given back than taken', async () => {
    await s.store.release(userId, 'tutor', '2026-11-22');
    await s.store.take(userId, 'tutor', '2026-11-22', 5);
    await s.store.release(userId, 'tutor', '2026-11-22');
    await s.store.release(userId, 'tutor', '2026-11-22');
    await expect(s.store.used(userId, 'tutor', '2026-11-22')).resolves.toBe(0);
  });

  it('reads the plan from the profile, gratuito when there is none', async () => {
    await expect(s.store.planOf(userId)).resolves.toBe('gratuito');
    await s.setPlan(userId, 'premium');
    await expect(s.store.planOf(userId)).resolves.toBe('premium');
  });
}
