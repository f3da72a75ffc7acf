import type { JobResult, JobView } from '../../../../lambdas/contract/courses';

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
 * Polls the job until it ends; the result when it finished, its Spanish error otherwise. `onProgress`
 * sees every poll (the step label for the progress shown next to the action).
 */
export async function followJob(
  jobId: string,
  get: (jobId: string) => Promise<JobView>,
  everyMs: number,
  onProgress?: (job: JobView) => void,
): Promise<JobResult> {
  for (;;) {
    const job = await get(jobId);
    onProgress?.(job);
    if (job.status === 'completado' && job.result) return job.result;
    if (job.status === 'error') throw new Error(job.error ?? 'La generación falló. Inténtalo de nuevo.');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
