import { useMutation, useQuery } from '@tanstack/react-query';
import type { JobResult } from '../../../../lambdas/contract/course-views';
import { errorMessage } from '../../lib/error-message';
import { practiceApi } from './api';

export type Verdict = Extract<JobResult, { kind: 'respuesta' }>;

/** How often the grading job is read while it runs: the verdict shows within a second of the model's answer (tests shorten it). */
export const gradingPoll = { ms: 1000 };

/**
 * Sends an answer (`start` answers the job id) and follows its grading job until it ends. A grading
 * request never waits on the model: the route answers 202 at once and the job is read every second.
 */
export function useGrading(start: (respuesta: string) => Promise<string>) {
  // Sent even when the browser says it is offline: `start` keeps the answer in the outbox then (self-check.tsx).
  const send = useMutation({ mutationFn: start, networkMode: 'always' });
  /** The answer waits in the outbox (issue 44): said as such, not as a failure. */
  const kept = send.error?.name === 'KeptOffline' ? send.error.message : undefined;
  const jobId = send.data;
  const job = useQuery({
    queryKey: ['practice', 'grading', jobId ?? ''],
    enabled: jobId !== undefined,
    queryFn: () => practiceApi.job(jobId!),
    refetchInterval: (q) => (q.state.data?.status === 'en_proceso' || !q.state.data ? gradingPoll.ms : false),
    retry: 2,
  });
  const ended = job.data && job.data.status !== 'en_proceso' ? job.data : undefined;
  const verdict = ended?.result?.kind === 'respuesta' ? (ended.result) : undefined;
  const failed = kept
    ? undefined
    : send.error
      ? errorMessage(send.error, 'No pudimos enviar tu respuesta. Inténtalo de nuevo.')
      : job.error
        ? errorMessage(job.error, 'No pudimos leer la corrección. Inténtalo de nuevo.')
        : ended?.status === 'error'
          ? (ended.error ?? 'No pudimos corregir tu respuesta. Inténtalo de nuevo.')
          : undefined;
  const grading = send.isPending || (jobId !== undefined && !ended && !job.error);
  return { submit: (respuesta: string) => send.mutate(respuesta), grading, verdict, failed, kept, reset: send.reset };
}
