import { aiBudget, budgetMessage, budgetView } from '../../../lambdas/plans/ai-budget';
import { PLANS } from '../../../lambdas/plans/plans';
import { planQuotas } from '../../../lambdas/plans/quotas';
import type { SpendStore } from '../../../lambdas/plans/spend-store';
import type { Spent } from '../../../lambdas/shared/ai/structured-output';
import { memoryUsageStore } from './fakes';

// The monthly AI budget: the learner's attacker's side first (no action starts past the ceiling,
// whatever the route, and nothing is counted), then what is charged and what the plan page reads.

function memorySpend() {
  const months = new Map<string, number>();
  const store: SpendStore = {
    add: async (userId, month, micro) => {
      months.set(`${userId}/${month}`, (months.get(`${userId}/${month}`) ?? 0) + micro);
      return true;
    },
    spent: async (userId, month) => months.get(`${userId}/${month}`) ?? 0,
  };
  return { store, months };
}
const NOV = new Date('2026-11-24T12:00:00Z');
const CEILING = PLANS.gratuito.presupuestoIAUsdPorMes * 1e6;
const call = (over: Partial<Spent> = {}): Spent => ({ purpose: 'lesson', modelId: 'us.amazon.nova-lite-v1:0', usage: { inputTokens: 1_000_000, outputTokens: 0 }, promptVersion: 'leccion-v3', ok: true, demo: false, ...over });

function setup(now = NOV) {
  const spend = memorySpend();
  const usage = memoryUsageStore({ premium: 'premium' });
  const budget = aiBudget(spend.store, () => now);
  return { spend, usage, budget, quotas: planQuotas(usage.store, () => now, budget) };
}

describe('a learner past the month budget', () => {
  it('is refused every counted model action with 429 and the day it renews, and no unit is taken', async () => {
    const { spend, usage, quotas } = setup();
    spend.months.set('ana/2026-11', CEILING);
    const message = 'Has usado el presupuesto de IA de este mes. Se renueva el 1 de diciembre.';
    for (const attempt of [() => quotas.consumeCourse('ana'), () => quotas.consumeTutorMessage('ana'), () => quotas.consumeAllowance('ana', 'sugerencias'), () => quotas.consumeAllowance('ana', 'regeneraciones'), () => quotas.consumeAllowance('ana', 'reintentos')]) {
      await expect(attempt()).rejects.toMatchObject({ status: 429, message });
    }
    expect([...usage.counts.values()].filter(Boolean)).toEqual([]);
  });

  it('does not touch another learner', async () => {
    const { spend, quotas } = setup();
    spend.months.set('ana/2026-11', CEILING * 5);
    await expect(quotas.consumeCourse('luis')).resolves.toMatchObject({ usados: 1 });
  });

  it('names next January in December', () => {
    expect(budgetMessage(new Date('2026-12-31T23:59:59Z'))).toBe('Has usado el presupuesto de IA de este mes. Se renueva el 1 de enero.');
  });

  it('starts again on the first of the next month', async () => {
    const { spend, quotas } = setup(new Date('2026-12-01T00:00:00Z'));
    spend.months.set('ana/2026-11', CEILING);
    await expect(quotas.consumeCourse('ana')).resolves.toMatchObject({ usados: 1 });
  });

  it('on premium has the premium ceiling', async () => {
    const { spend, quotas } = setup();
    spend.months.set('premium/2026-11', CEILING);
    await expect(quotas.consumeCourse('premium')).resolves.toMatchObject({ plan: 'premium' });
    spend.months.set('premium/2026-11', PLANS.premium.presupuestoIAUsdPorMes * 1e6);
    await expect(quotas.consumeCourse('premium')).rejects.toMatchObject({ status: 429 });
  });
});

describe('charging a call', () => {
  it('adds its list price to the learner month in millionths of a dollar, failed calls included', async () => {
    const { spend, budget } = setup();
    const meter = budget.meterFor('ana');
    await meter(call());
    await meter(call({ ok: false, usage: { inputTokens: 0, outputTokens: 1_000_000 } }));
    // Nova Lite: $0.06 per million in, $0.24 per million out (model-table.ts).
    expect(spend.months.get('ana/2026-11')).toBe(60_000 + 240_000);
  });

  it('never fails the work it meters when the write fails', async () => {
    const budget = aiBudget({ add: () => Promise.reject(new Error('DynamoDB down')), spent: async () => 0 }, () => NOV);
    await expect(budget.meterFor('ana')(call())).resolves.toBeUndefined();
  });

  it('adds nothing for a model the table does not price (a local model)', async () => {
    const { spend, budget } = setup();
    await budget.meterFor('ana')(call({ modelId: 'qwen2.5:7b' }));
    expect(spend.months.size).toBe(0);
  });
});

describe('what the plan page reads', () => {
  it('is a share used and what the rest buys, never dollars', async () => {
    const { spend, quotas } = setup();
    spend.months.set('ana/2026-11', 400_000);
    const u = await quotas.usage('ana');
    expect(u.presupuestoIA).toEqual({ usadoUsd: 0.4, limiteUsd: 1, renuevaEl: '2026-12-01T00:00:00.000Z' });
    expect(budgetView(u.presupuestoIA!, 3)).toEqual({ porcentajeUsado: 40, cursosAprox: 3, mensajesTutorAprox: 1200, renuevaEl: '2026-12-01T00:00:00.000Z' });
  });

  it('counts no more courses than the month still allows, and nothing past the ceiling', () => {
    const renuevaEl = '2026-12-01T00:00:00.000Z';
    expect(budgetView({ usadoUsd: 0, limiteUsd: 10, renuevaEl }, 2).cursosAprox).toBe(2);
    expect(budgetView({ usadoUsd: 1.3, limiteUsd: 1, renuevaEl }, 3)).toEqual({ porcentajeUsado: 100, cursosAprox: 0, mensajesTutorAprox: 0, renuevaEl });
  });
});
