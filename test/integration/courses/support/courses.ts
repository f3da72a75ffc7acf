import { call } from '../../support/api';
import { finishedJob as waitForJob } from '../../support/model-jobs';

/** Asks for a course and waits for its job to end; answers the plan answer and the final job. */
export async function generateCourse(token: string, body: Record<string, unknown>, ms = 60000) {
  const plan = await call('POST', '/courses/plan', { token, body });
  if (plan.status !== 200) throw new Error(`plan answered ${plan.status}: ${JSON.stringify(plan.body)}`);
  const job = await waitForJob(token, plan.body.jobId, ms);
  return { plan: plan.body, job, courseId: plan.body.curso.courseId as string };
}

/** Follows a job to its end: the integration tests' one poller (support/model-jobs.ts). */
export { waitForJob };

type Option = { opcion: string; texto: string };
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
/**
 * The offline writer's right answer is the lesson's own sentence; two of its distractors wrap that
 * sentence ("Es un error pensar que …"). Tests use this to answer right or wrong on purpose.
 */
export const rightOfflineOption = (opciones: Option[]) =>
  opciones.find((o) => opciones.filter((x) => x !== o && plain(x.texto).includes(plain(o.texto).slice(1))).length >= 2)!.opcion;
export const wrongOfflineOption = (opciones: Option[]) => opciones.find((o) => o.opcion !== rightOfflineOption(opciones))!.opcion;
