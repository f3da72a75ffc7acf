import { call, signUp } from '../support/api';
import { finishedJob, jobResult } from '../support/model-jobs';
import { useOwnStack } from '../support/own-stack';

// The daily model allowances on the real (local) stack: single conditional writes, so parallel
// requests at the limit get exactly the allowance; a cached answer costs nothing.

describe('daily model allowances through the API', () => {
  it('starts exactly 20 of 24 parallel suggestion jobs on the free plan, the rest 429 in Spanish', async () => {
    const { tokens } = await signUp();
    const token = tokens.accessToken;
    const stamp = Date.now().toString(36);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => call('POST', '/courses/suggestions', { token, body: { topic: `Cerámica ${stamp} ${i}`, level: 'principiante' } })),
    );
    const started = answers.filter((a) => a.status === 202);
    expect(started).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0].body).toEqual({
      success: false,
      message: 'Has usado las 20 peticiones de sugerencias de hoy incluidas en tu plan gratuito. Vuelve mañana o pásate a premium para tener más.',
    });
    const plan = await call('GET', '/payments/plan', { token });
    expect(plan.body.data.uso.porDia.sugerencias).toMatchObject({ usados: 20, limite: 20 });
    // An answer already cached is no model call: it is still given once the allowance is spent.
    await jobResult(token, answers[0]);
    const cached = await call('POST', '/courses/suggestions', { token, body: { topic: `Cerámica ${stamp} 0`, level: 'principiante' } });
    expect(cached.status).toBe(200);
  }, 60000);

  it('shows every daily allowance with the plan', async () => {
    const { tokens } = await signUp();
    const plan = await call('GET', '/payments/plan', { token: tokens.accessToken });
    expect(plan.body.data.uso.porDia).toMatchObject({
      regeneraciones: { usados: 0, limite: 5 },
      variantesEvaluacion: { usados: 0, limite: 5 },
      recargasEvaluacion: { usados: 0, limite: 10 },
      sugerencias: { usados: 0, limite: 20 },
      planesDiplomado: { usados: 0, limite: 0 },
      reintentos: { usados: 0, limite: 3 },
      respuestasAbiertas: { usados: 0, limite: 30 },
      refuerzos: { usados: 0, limite: 10 },
    });
    expect(plan.body.data.planes[1].porDia).toEqual({ regeneraciones: 30, variantesEvaluacion: 30, recargasEvaluacion: 60, sugerencias: 100, planesDiplomado: 5, reintentos: 10, respuestasAbiertas: 300, refuerzos: 100 });
  });
});

describe('a model job that fails', () => {
  // A stack of its own whose local model answers tool input that always fails the schema.
  useOwnStack({ pipeline: { faults: { malformed: 1 }, retryIntervalMs: 20 } });

  it('ends in error and gives its allowance unit back', async () => {
    const { tokens } = await signUp();
    const token = tokens.accessToken;
    const answer = await call('POST', '/courses/suggestions', { token, body: { topic: `Vidriera ${Date.now().toString(36)}`, level: 'principiante' } });
    // A 202 means the unit was taken: the route takes it before it starts the job.
    expect(answer).toMatchObject({ status: 202, body: { success: true, jobId: expect.any(String) } });
    const job = await finishedJob(token, answer.body.jobId);
    expect(job).toMatchObject({ status: 'error', error: expect.any(String) });
    const plan = await call('GET', '/payments/plan', { token });
    expect(plan.body.data.uso.porDia.sugerencias).toMatchObject({ usados: 0, limite: 20 });
  }, 120_000);
});
