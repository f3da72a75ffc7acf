import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { failModelJob, JOB_ATTEMPT_DEADLINE_S, JobExpired, runModelJob, type ModelTaskDeps } from '../../../lambdas/pipeline/model-jobs';
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

// The machine's own deadline (900 s) ends an execution TIMED_OUT without its Catch: the job would stay
// `en_proceso`, its unit and its hold never given back. So no attempt starts after JOB_ATTEMPT_DEADLINE_S.
describe('a model job past its deadline', () => {
  afterEach(() => jest.restoreAllMocks());
  const asl = JSON.parse(readFileSync(join(__dirname, '../../../lambdas/pipeline/model-jobs.asl.json'), 'utf8'));
  type State = { Type: string; TimeoutSeconds?: number; Retry?: { ErrorEquals: string[]; MaxDelaySeconds?: number }[]; Catch?: { ErrorEquals: string[]; Next: string }[] };
  const tasks = Object.entries(asl.States as Record<string, State>).filter(([name, st]) => st.Type === 'Task' && name !== 'MarkJobFailed');

  it('begins its last attempt early enough that the attempt, a retry\'s wait and MarkJobFailed end before the machine\'s deadline', () => {
    const longestTask = Math.max(...tasks.map(([, st]) => st.TimeoutSeconds!));
    const longestDelay = Math.max(...tasks.flatMap(([, st]) => (st.Retry ?? []).map((r) => r.MaxDelaySeconds ?? 0)));
    const markFailed = (asl.States.MarkJobFailed as State).TimeoutSeconds!;
    expect(JOB_ATTEMPT_DEADLINE_S + longestTask + longestDelay + markFailed).toBeLessThan(asl.TimeoutSeconds);
    // JobExpired is retried by no state and caught into MarkJobFailed by every one.
    for (const [name, st] of tasks) {
      expect([name, (st.Retry ?? []).some((r) => r.ErrorEquals.includes('JobExpired') || r.ErrorEquals.includes('States.ALL'))]).toEqual([name, false]);
      expect([name, st.Catch?.find((c) => c.ErrorEquals.includes('States.ALL'))?.Next]).toEqual([name, 'MarkJobFailed']);
    }
  });

  it('is not tried again once past it: no model call, JobExpired, and the learner is told why in Spanish', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-29T10:07:01Z'));
    const calls: string[] = [];
    const deps = new Proxy({}, { get: (_t, key) => (calls.push(String(key)), undefined) }) as ModelTaskDeps;
    const input = { kind: 'leccion' as const, userId: 'u1', jobId: 'j1', startedAt: '2026-11-29T10:00:00Z', request: { courseId: 'c1', moduleId: 'm01', lessonId: 'l01' } };
    await expect(runModelJob(deps, input)).rejects.toBeInstanceOf(JobExpired);
    expect(calls).toEqual([]);
    const ends: unknown[] = [];
    const quotas = { release: async () => undefined };
    await failModelJob({ quotas, budget: { settle: async () => undefined }, jobs: { finish: async (_u: string, _j: string, end: unknown) => (ends.push(end), true) } } as unknown as ModelTaskDeps, { ...input, error: { Error: 'JobExpired' } });
    expect(ends).toEqual([{ error: 'El servicio de IA está muy ocupado y tu solicitud esperó demasiado. Inténtalo de nuevo en unos minutos. No se ha descontado de tu límite diario.' }]);
  });

  it('is tried while within it (an attempt 6 min 59 s after the start goes ahead)', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-29T10:06:59Z'));
    const input = { kind: 'sugerencias' as const, userId: 'u1', jobId: 'j1', startedAt: '2026-11-29T10:00:00Z', request: { topic: 'Historia', level: 'principiante' } } as never;
    // Past the check it reaches its deps (here none: it fails on them, not on the deadline).
    await expect(runModelJob({} as ModelTaskDeps, input)).rejects.not.toBeInstanceOf(JobExpired);
  });
});
