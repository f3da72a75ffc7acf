import type { JobResult, JobView } from '../../../../lambdas/contract/courses';
import { jobMoved, nextPollMs } from '../../lib/polling';

// The routes that call a model answer 202 with a job (docs/pipeline.md, "Model jobs"): the SPA
// follows it through GET /jobs/{id}, as the generator follows a course, and then reads the result.

/** What a model route answers: the data at once (a cached answer) or the job writing it. */
export interface Started<T> {
  success: boolean;
  data?: T;
  jobId?: string;
  message?: string;
}

/**
 * Polls the job until it ends; the result when it finished, its Spanish error otherwise. The first
 * wait is `firstMs`; an unchanged job (the reader hands back the same object on a 304) is asked
 * less and less often (nextPollMs). `onProgress` sees every poll.
 */
export async function followJob(
  jobId: string,
  get: (jobId: string) => Promise<JobView>,
  firstMs: number,
  onProgress?: (job: JobView) => void,
): Promise<JobResult> {
  let last: JobView | undefined;
  let waitMs: number | undefined;
  for (;;) {
    const job = await get(jobId);
    onProgress?.(job);
    if (job.status === 'completado' && job.result) return job.result;
    if (job.status === 'error') throw new Error(job.error ?? 'La generación falló. Inténtalo de nuevo.');
    waitMs = waitMs === undefined ? firstMs : nextPollMs(waitMs, jobMoved(last, job));
    last = job;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
