import { failModelJob, type ModelTaskDeps } from '../../../lambdas/pipeline/model-jobs';
import { aiBudget, budgetMessage, budgetView } from '../../../lambdas/plans/ai-budget';
import { RESERVE_USD } from '../../../lambdas/plans/budget-estimates';
import { PLANS } from '../../../lambdas/plans/plans';
import { planQuotas } from '../../../lambdas/plans/quotas';
import type { Spent } from '../../../lambdas/shared/ai/structured-output';
import { memorySpend, memoryUsageStore } from './fakes';

// The monthly AI budget: the learner's attacker's side first (no action starts past the ceiling,
// whatever the route, and nothing is counted), then what is charged and what the plan page reads.

const NOV = new Date('2026-11-24T12:00:00Z');
const CEILING = PLANS.gratuito.presupuestoIAUsdPorMes * 1e6;
const call = (over: Partial<Spent> = {}): Spent => ({ purpose: 'lesson', modelId: 'us.amazon.nova-lite-v1:0', usage: { inputTokens: 1_000_000, outputTokens: 0 }, promptVersion: 'leccion-v2', ok: true, demo: false, ...over });

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
    const down = () => Promise.reject(new Error('DynamoDB down'));
    const budget = aiBudget({ add: down, spent: async () => 0, reserve: down, draw: down, settle: down }, () => NOV);
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

  it('counts no more tutor messages than today still allows: the plan counts them per day (issue 34)', () => {
    const renuevaEl = '2026-12-01T00:00:00.000Z';
    expect(budgetView({ usadoUsd: 0.4, limiteUsd: 1, renuevaEl }, 3, 16).mensajesTutorAprox).toBe(16);
    expect(budgetView({ usadoUsd: 0.999, limiteUsd: 1, renuevaEl }, 3, 16).mensajesTutorAprox).toBeLessThan(16);
  });

  it('counts no more courses than the month still allows, and nothing past the ceiling', () => {
    const renuevaEl = '2026-12-01T00:00:00.000Z';
    expect(budgetView({ usadoUsd: 0, limiteUsd: 10, renuevaEl }, 2).cursosAprox).toBe(2);
    expect(budgetView({ usadoUsd: 1.3, limiteUsd: 1, renuevaEl }, 3)).toEqual({ porcentajeUsado: 100, cursosAprox: 0, mensajesTutorAprox: 0, renuevaEl });
  });
});

describe('holding before spending (issue 31)', () => {
  const SUGGESTION = Math.ceil(RESERVE_USD.sugerencias * 1e6);

  it('lets through only what fits of 20 simultaneous requests, and the month never commits past the ceiling', async () => {
    const { spend, quotas } = setup();
    // Room for one suggestion and a half.
    spend.months.set('ana/2026-11', CEILING - Math.floor(1.5 * SUGGESTION));
    const answers = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => quotas.consumeAllowance('ana', 'sugerencias', `job-${i}`)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) expect(a.reason).toMatchObject({ status: 429, message: budgetMessage(NOV) });
    expect(spend.months.get('ana/2026-11')).toBeLessThanOrEqual(CEILING);
    expect((await quotas.usage('ana')).porDia.sugerencias.usados).toBe(1);
  });

  it('draws the calls from the hold, gives back what they did not use, and settling twice changes nothing', async () => {
    const { spend, budget } = setup();
    await budget.reserve('ana', 'gratuito', 'j1', 0.5);
    expect(spend.months.get('ana/2026-11')).toBe(500_000);
    await budget.meterFor('ana', 'j1')(call({ usage: { inputTokens: 1_000_000, outputTokens: 0 } }));
    expect(spend.months.get('ana/2026-11')).toBe(500_000);
    await budget.settle('ana', 'j1');
    expect(spend.months.get('ana/2026-11')).toBe(60_000);
    await budget.settle('ana', 'j1');
    expect(spend.months.get('ana/2026-11')).toBe(60_000);
    // A call after the settle is still charged, outside any hold.
    await budget.meterFor('ana', 'j1')(call());
    expect(spend.months.get('ana/2026-11')).toBe(120_000);
  });

  it('charges what a call costs past its hold', async () => {
    const { spend, budget } = setup();
    await budget.reserve('ana', 'gratuito', 'j1', 0.01);
    await budget.meterFor('ana', 'j1')(call());
    await budget.settle('ana', 'j1');
    expect(spend.months.get('ana/2026-11')).toBe(60_000);
  });

  it('gives the hold back when the unit is refused, and a failed model job gives its hold back', async () => {
    const { spend, usage, budget, quotas } = setup();
    for (let i = 0; i < PLANS.gratuito.porDia.sugerencias; i++) await usage.store.take('ana', 'sugerencias', '2026-11-24', 100);
    await expect(quotas.consumeAllowance('ana', 'sugerencias', 'j1')).rejects.toMatchObject({ status: 429 });
    expect(spend.months.get('ana/2026-11') ?? 0).toBe(0);
    await quotas.consumeAllowance('ana', 'regeneraciones', 'j2');
    expect(spend.holds.get('ana/2026-11/j2')).toBe(Math.ceil(RESERVE_USD.regeneraciones * 1e6));
    const deps = { quotas, budget, jobs: { finish: async () => true } } as unknown as ModelTaskDeps;
    await failModelJob(deps, { kind: 'leccion', userId: 'ana', jobId: 'j2', request: { courseId: 'c1', moduleId: 'm01', lessonId: 'l01' }, error: { Error: 'ModelTimeout' } });
    expect(spend.holds.size).toBe(0);
    expect(spend.months.get('ana/2026-11')).toBe(0);
  });

  it('settles a hold taken last month where it was taken', async () => {
    const spend = memorySpend();
    let now = new Date('2026-11-30T23:59:00Z');
    const budget = aiBudget(spend.store, () => now);
    await budget.reserve('ana', 'gratuito', 'j1', 0.2);
    now = new Date('2026-12-01T00:01:00Z');
    await budget.meterFor('ana', 'j1')(call());
    await budget.settle('ana', 'j1');
    expect(spend.months.get('ana/2026-11')).toBe(60_000);
    expect(spend.months.get('ana/2026-12')).toBeUndefined();
  });
});
