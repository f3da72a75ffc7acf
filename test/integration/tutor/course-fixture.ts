import { call, signUp } from '../support/api';

// A learner with a finished demonstration course (2 modules x 2 lessons), generated through the
// real pipeline on the local stack.

// A bound, not a pace: a 2 × 2 course takes seconds on a quiet machine, and more than 30 s at a load of 17
// (narration-http failed on it beside three other pieces of work).
export async function waitForJob(token: string, jobId: string, ms = 120_000) {
  const until = Date.now() + ms;
  for (;;) {
    const job = await call('GET', `/jobs/${jobId}`, { token });
    const status = job.body?.data?.status;
    if (status === 'completado' || status === 'error') return job.body.data;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function learnerWithCourse(topic = 'Python para análisis de datos') {
  const learner = await signUp();
  const token = learner.tokens.accessToken;
  const plan = await call('POST', '/courses/plan', { token, body: { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 } });
  if (plan.status !== 200) throw new Error(`plan answered ${plan.status}: ${JSON.stringify(plan.body)}`);
  const courseId: string = plan.body.curso.courseId;
  const job = await waitForJob(token, plan.body.jobId);
  if (job.status !== 'completado') throw new Error(`course generation failed: ${JSON.stringify(job)}`);
  return { ...learner, token, courseId };
}
