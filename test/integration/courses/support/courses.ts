import { call } from '../../support/api';

/** Asks for a course and waits for its job to end; answers the plan answer and the final job. */
export async function generateCourse(token: string, body: Record<string, unknown>, ms = 60000) {
  const plan = await call('POST', '/courses/plan', { token, body });
  if (plan.status !== 200) throw new Error(`plan answered ${plan.status}: ${JSON.stringify(plan.body)}`);
  const job = await waitForJob(token, plan.body.jobId, ms);
  return { plan: plan.body, job, courseId: plan.body.curso.courseId as string };
}

export async function waitForJob(token: string, jobId: string, ms = 60000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await call('GET', `/jobs/${jobId}`, { token });
    if (res.body?.data?.status && res.body.data.status !== 'en_proceso') return res.body.data;
    if (Date.now() > until) throw new Error(`job ${jobId} still running: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The offline writer's right answer always starts like this; a test can use it to pass. */
export const rightOfflineOption = (opciones: { opcion: string; texto: string }[]) => opciones.find((o) => o.texto.startsWith('Es el punto central'))!.opcion;
