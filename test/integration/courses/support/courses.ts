import { offlineKeyIndex } from '../../../../infra/local/offline-writer-evaluation';
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
/**
 * The offline writer's options frame its lesson sentence and that sentence's negation; exactly one
 * is true (offlineKeyIndex, the rule its blind verifier answers by). Tests use this to answer right
 * or wrong on purpose.
 */
export const rightOfflineOption = (opciones: Option[]) => {
  const at = offlineKeyIndex(opciones.map((o) => o.texto));
  if (at < 0) throw new Error(`not the offline writer's options: ${JSON.stringify(opciones)}`);
  return opciones[at].opcion;
};
export const wrongOfflineOption = (opciones: Option[]) => opciones.find((o) => o.opcion !== rightOfflineOption(opciones))!.opcion;
