import { PLANS } from '../../../lambdas/plans/plans';
import { metered, modelAllowance, planQuotas } from '../../../lambdas/plans/quotas';
import { memoryUsageStore } from './fakes';

// The daily model allowances (plans.ts `porDia`): taken before a model call, given back when the work fails.

const today = () => new Date('2026-11-22T10:00:00Z');

describe('daily model allowances', () => {
  it('lets exactly the plan allowance of parallel regenerations through, the rest 429 in Spanish', async () => {
    const { store } = memoryUsageStore();
    const quotas = planQuotas(store, today);
    const results = await Promise.allSettled(Array.from({ length: 9 }, () => quotas.consumeAllowance('u1', 'regeneraciones')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(PLANS.gratuito.porDia.regeneraciones);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused[0].reason).toMatchObject({
      status: 429,
      message: 'Has usado las 5 regeneraciones de lecciones de hoy incluidas en tu plan gratuito. Vuelve mañana o pásate a premium para tener más.',
    });
  });

  it('counts each allowance on its own and starts again the next day', async () => {
    const { store } = memoryUsageStore({ u1: 'premium' });
    let now = today();
    const quotas = planQuotas(store, () => now);
    await quotas.consumeAllowance('u1', 'sugerencias');
    await quotas.consumeAllowance('u1', 'planesDiplomado');
    const usage = await quotas.usage('u1');
    expect(usage.porDia).toEqual({
      regeneraciones: { usados: 0, limite: 30, periodo: '2026-11-22' },
      variantesEvaluacion: { usados: 0, limite: 30, periodo: '2026-11-22' },
      recargasEvaluacion: { usados: 0, limite: 60, periodo: '2026-11-22' },
      sugerencias: { usados: 1, limite: 100, periodo: '2026-11-22' },
      planesDiplomado: { usados: 1, limite: 5, periodo: '2026-11-22' },
      reintentos: { usados: 0, limite: 10, periodo: '2026-11-22' },
      respuestasAbiertas: { usados: 0, limite: 300, periodo: '2026-11-22' },
      refuerzos: { usados: 0, limite: 100, periodo: '2026-11-22' },
    });
    now = new Date('2026-11-23T00:00:01Z');
    expect((await quotas.usage('u1')).porDia.sugerencias.usados).toBe(0);
  });

  it('gives the unit back when the metered work fails, and keeps it when it succeeds', async () => {
    const { store } = memoryUsageStore();
    const quotas = planQuotas(store, today);
    const allowance = modelAllowance(quotas, 'variantesEvaluacion');
    await expect(metered(allowance, 'u1', () => Promise.reject(new Error('model down')))).rejects.toThrow('model down');
    expect((await quotas.usage('u1')).porDia.variantesEvaluacion.usados).toBe(0);
    await expect(metered(allowance, 'u1', async () => 'ok')).resolves.toBe('ok');
    expect((await quotas.usage('u1')).porDia.variantesEvaluacion.usados).toBe(1);
  });

  it('never calls the work once the allowance is spent', async () => {
    const { store } = memoryUsageStore();
    const quotas = planQuotas(store, today);
    const allowance = modelAllowance(quotas, 'sugerencias');
    for (let i = 0; i < PLANS.gratuito.porDia.sugerencias; i++) await metered(allowance, 'u1', async () => i);
    const work = jest.fn(async () => 'never');
    await expect(metered(allowance, 'u1', work)).rejects.toMatchObject({ status: 429 });
    expect(work).not.toHaveBeenCalled();
  });
});
