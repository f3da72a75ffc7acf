import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/error-message';
import { coursesApi } from './api';
import { nextJobPoll, nextPollMs, polling, type JobPoll } from '../../lib/polling';
import { courseKeys } from '../../lib/course-keys';

export { outlineReady } from '../../lib/polling';

/** What the cache keeps per job. */
type Polled = JobPoll;

/** The wait after `failures` failed polls in a row, backing off from the last answer's wait. */
function retryWaitMs(client: QueryClient, jobId: string, failures: number): number {
  let wait = client.getQueryData<Polled>(courseKeys.job(jobId))?.waitMs;
  for (let i = 0; i <= failures; i++) wait = nextPollMs(wait, false);
  return wait ?? polling.jobMs;
}

/** Whether the job has ended, or could not be read `polling.maxFailures` times in a row. */
export function jobSettled(client: QueryClient, jobId: string): boolean {
  const state = client.getQueryState<Polled>(courseKeys.job(jobId));
  return state?.status === 'error' || (state?.data !== undefined && state.data.job.status !== 'en_proceso');
}

/** The next poll: the wait the last answer set while the job runs; none once it ended or was lost. */
const pollEvery = (query: Query<Polled, Error, Polled, readonly unknown[]>) => {
  const { status, data } = query.state;
  return status !== 'error' && data?.job.status === 'en_proceso' ? data.waitMs : false;
};

/**
 * Polls GET /jobs/{id} until the job ends, 1 s after a change and backing off to 10 s while nothing
 * moves (polling.ts), every quarter second while a new course's first module is awaited (issue 42,
 * for 15 s at most); an unchanged poll is a 304 that hands back the same object, so it renders
 * nothing. A poll that moved the job marks its course stale, so the course page re-reads it then
 * (and only then: issue 23 item 4). Failed polls are retried with the same backoff; only
 * `polling.maxFailures` in a row surface as an error. A hidden tab does not poll; it asks again
 * when the learner comes back.
 */
export function useJob(jobId: string | undefined) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: courseKeys.job(jobId ?? ''),
    enabled: jobId !== undefined,
    queryFn: async ({ queryKey }): Promise<Polled> => {
      const last = client.getQueryData<Polled>(queryKey);
      const job = await coursesApi.job(jobId!);
      // A new course's first module is seconds away: asked for every quarter second, not after a backoff (issue 42).
      const { moved, ...next } = nextJobPoll(last, job, Date.now());
      if (moved && job.courseId) void client.invalidateQueries({ queryKey: courseKeys.detail(job.courseId) });
      return next;
    },
    select: (polled) => polled.job,
    staleTime: 0,
    refetchInterval: pollEvery,
    refetchOnWindowFocus: true,
    retry: polling.maxFailures - 1,
    retryDelay: (failures) => retryWaitMs(client, jobId ?? '', failures),
  });
  const lost = query.isError ? errorMessage(query.error, 'Perdimos la conexión con la generación del curso.') : undefined;
  return { job: query.data, lost };
}
