import { failModelJob, type ModelTaskDeps } from '../../../lambdas/pipeline/model-jobs';
import { modelAllowance, planQuotas } from '../../../lambdas/plans/quotas';
import { memoryUsageStore } from './fakes';

// A model job that fails (the state machine's Catch) gives its daily allowance unit back, once.
describe('a failed model job', () => {
  it('ends the job in Spanish and gives the regeneration back exactly once', async () => {
    const { store } = memoryUsageStore();
    // Every release is counted: the store (like DynamoDB's) never goes below 0, so a second refund
    // of the only unit taken would be invisible in the count alone.
    const releases: string[] = [];
    const release = store.release.bind(store);
    store.release = (userId, counter, period) => (releases.push(`${userId}/${counter}`), release(userId, counter, period));
    const quotas = planQuotas(store, () => new Date('2026-11-22T10:00:00Z'));
    // Two regenerations today, one of which fails: the other stays counted.
    await modelAllowance(quotas, 'regeneraciones').take('u1');
    await modelAllowance(quotas, 'regeneraciones').take('u1');
    let running = true;
    const ends: unknown[] = [];
    const deps = {
      quotas,
      budget: { settle: async () => undefined },
      jobs: { create: async () => undefined, finish: async (_u: string, _j: string, end: unknown) => (ends.push(end), running ? !(running = false) : false) },
    } as unknown as ModelTaskDeps;
    const input = { kind: 'leccion' as const, userId: 'u1', jobId: 'j1', request: { courseId: 'c1', moduleId: 'm01', lessonId: 'l01' }, error: { Error: 'ModelTimeout' } };
    await failModelJob(deps, input);
    await failModelJob(deps, input); // a retried Catch task
    expect(ends[0]).toEqual({ error: expect.stringMatching(/^El servicio de IA no respondió a tiempo\..*No se ha descontado de tu límite diario\.$/) });
    expect(releases).toEqual(['u1/regeneraciones']);
    expect((await quotas.usage('u1')).porDia.regeneraciones.usados).toBe(1);
  });

  it('gives a top-up its own unit back (issue 40: a top-up is paid by recargasEvaluacion, not by the course)', async () => {
    const { store } = memoryUsageStore();
    const quotas = planQuotas(store, () => new Date('2026-11-22T10:00:00Z'));
    await modelAllowance(quotas, 'variantesEvaluacion').take('u1');
    await modelAllowance(quotas, 'recargasEvaluacion').take('u1');
    const settled: string[] = [];
    const deps = { quotas, budget: { settle: async (_u: string, id: string) => void settled.push(id) }, jobs: { finish: async () => true } } as unknown as ModelTaskDeps;
    await failModelJob(deps, { kind: 'evaluacion', userId: 'u1', jobId: 'j1', request: { courseId: 'c1', moduleId: 'm01' } } as never);
    expect((await quotas.usage('u1')).porDia.recargasEvaluacion.usados).toBe(0);
    expect((await quotas.usage('u1')).porDia.variantesEvaluacion.usados).toBe(1);
    expect(settled).toEqual(['j1']);
  });
});
