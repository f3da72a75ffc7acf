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

type Option = { opcion: string; texto: string };
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
/**
 * The offline writer's right answer is the lesson's own sentence; two of its distractors wrap that
 * sentence ("Es un error pensar que …"). Tests use this to answer right or wrong on purpose.
 */
export const rightOfflineOption = (opciones: Option[]) =>
  opciones.find((o) => opciones.filter((x) => x !== o && plain(x.texto).includes(plain(o.texto).slice(1))).length >= 2)!.opcion;
export const wrongOfflineOption = (opciones: Option[]) => opciones.find((o) => o.opcion !== rightOfflineOption(opciones))!.opcion;
