import { expect } from '@jest/globals';
import { call, type Answer } from './api';

// The routes that call a model answer 202 with a job (docs/pipeline.md, "Model jobs"): these follow
// the job to its end through GET /jobs/{id}, as the web does.

/** `ms` is a bound, not a pace: a bank's job took over a minute beside another test file on two busy cores. */
export async function finishedJob(token: string, jobId: string, ms = 180_000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await call('GET', `/jobs/${jobId}`, { token });
    if (res.body?.data?.status && res.body.data.status !== 'en_proceso') return res.body.data;
    if (Date.now() > until) throw new Error(`job ${jobId} still running: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The result of a job the answer started, after checking it answered at once with one. */
export async function jobResult(token: string, answer: Answer) {
  expect(answer).toMatchObject({ status: 202, body: { success: true, jobId: expect.any(String) } });
  const job = await finishedJob(token, answer.body.jobId);
  if (job.status !== 'completado') throw new Error(`job ended ${JSON.stringify(job)}`);
  return job.result;
}

/** POST /diplomado/plan followed to its end: the programme as GET /diplomado/{id} answers it. */
export async function plannedDiplomado(token: string, body: Record<string, unknown>) {
  const { diplomadoId } = await jobResult(token, await call('POST', '/diplomado/plan', { token, body }));
  const view = await call('GET', `/diplomado/${diplomadoId}`, { token });
  return view.body.data;
}
