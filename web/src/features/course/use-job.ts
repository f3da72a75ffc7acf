import { useEffect, useRef, useState } from 'react';
import type { JobView } from '../../../../lambdas/contract/courses';
import { errorMessage } from '../../lib/error-message';
import { coursesApi } from './api';
import { jobMoved, nextPollMs, polling } from './polling';

/** The outline exists once the job has left its first step (or finished). */
export const outlineReady = (job: JobView) => job.status === 'completado' || (job.status === 'en_proceso' && (job.step !== 'esquema' || job.done > 0));

/**
 * Polls GET /jobs/{id} until the job ends, 1 s after a change and backing off to 10 s while nothing
 * moves (polling.ts); an unchanged poll is a 304 that hands back the same object, so it renders
 * nothing. Transient failures are retried; only `polling.maxFailures` in a row surface as an error.
 */
export function useJob(jobId: string | undefined) {
  const [job, setJob] = useState<JobView | undefined>();
  const [lost, setLost] = useState<string | undefined>();
  const failures = useRef(0);

  useEffect(() => {
    if (!jobId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setJob(undefined);
    setLost(undefined);
    failures.current = 0;
    let last: JobView | undefined;
    let waitMs: number | undefined;
    const tick = async () => {
      let changed = false;
      try {
        const next = await coursesApi.job(jobId);
        if (stopped) return;
        failures.current = 0;
        changed = jobMoved(last, next);
        last = next;
        setJob(next);
        if (next.status !== 'en_proceso') return;
      } catch (error) {
        if (stopped) return;
        if (++failures.current >= polling.maxFailures) {
          setLost(errorMessage(error, 'Perdimos la conexión con la generación del curso.'));
          return;
        }
      }
      waitMs = nextPollMs(waitMs, changed);
      timer = setTimeout(() => void tick(), waitMs);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId]);

  return { job, lost };
}
