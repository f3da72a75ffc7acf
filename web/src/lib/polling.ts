import type { JobView } from '../../../lambdas/contract/courses';

/** How often the SPA asks about a course being written. Tests shorten these. */
export const polling = {
  /** GET /jobs/{id}: the first poll's wait, and the wait again after the job moved. */
  jobMs: 1000,
  /** The longest wait between two polls of an unchanged job (issue 23: backoff, not every second). */
  maxJobMs: 10_000,
  /** GET /courses/{id} while a course is `generando` but its job has ended, until the course settles. */
  courseMs: 3000,
  /** Consecutive failed polls before the screen says the connection is lost. */
  maxFailures: 5,
  /**
   * GET /jobs/{id} while a new course has no module yet (issue 42): its first module is stored ≈ 2–3 s
   * after the plan's answer, and the 1 s → 2 s → 4 s backoff saw it up to 4 s late (at 3 s, then 7 s).
   * A quarter second is ≈ 10 conditional reads a course (304s: one GetItem each, no body).
   */
  outlineMs: 250,
  /** How long the quick polls for the first module go on before the usual backoff (a course waiting its turn for the model). */
  outlineWindowMs: 15_000,
};

/**
 * The wait before the next poll: back to `jobMs` when the job moved, else twice the last wait up to
 * `maxJobMs` (1 s → 2 s → 4 s → 8 s → 10 s). A course step takes seconds to a minute, so most polls
 * of a slow step are spared; one that moves is seen within `maxJobMs`.
 */
export function nextPollMs(lastMs: number | undefined, changed: boolean): number {
  if (changed || lastMs === undefined) return polling.jobMs;
  return Math.min(Math.max(polling.jobMs, polling.maxJobMs), lastMs * 2);
}

/** Whether the job moved in a way the learner sees (a 304 hands back the same object: not moved). */
export function jobMoved(last: JobView | undefined, next: JobView): boolean {
  if (last === next) return false;
  return !last || last.status !== next.status || last.step !== next.step || last.done !== next.done || last.total !== next.total || last.revisandoTemario !== next.revisandoTemario;
}

/** The outline exists once the job has left its first step (or finished): the creation page then opens the course. */
export const outlineReady = (job: JobView) => job.status === 'completado' || (job.status === 'en_proceso' && (job.step !== 'esquema' || job.done > 0));

/**
 * Whether a course job is about to show its first module (issue 42): writing its outline, nothing stored
 * yet, not waiting in the model's queue. Its polls then come every `outlineMs`, within `outlineWindowMs`.
 */
export function awaitingFirstModule(job: JobView): boolean {
  return job.kind === 'curso' && job.status === 'en_proceso' && job.step === 'esquema' && job.done === 0 && !job.cola;
}

/** A job's last answer, the wait before its next poll, and when its polls began (what useJob keeps per job). */
export interface JobPoll {
  job: JobView;
  waitMs: number;
  since: number;
}

/**
 * The SPA's schedule for a job (useJob, and the bench that measures what the creation page sees): the
 * backoff of `nextPollMs`, or every `outlineMs` while a new course's first module is awaited, for
 * `outlineWindowMs` from the first poll. `moved`: the job moved since `last` (its course is re-read).
 */
export function nextJobPoll(last: JobPoll | undefined, job: JobView, now: number): JobPoll & { moved: boolean } {
  const moved = jobMoved(last?.job, job);
  const since = last?.since ?? now;
  const quick = awaitingFirstModule(job) && now - since < polling.outlineWindowMs;
  return { job, waitMs: quick ? polling.outlineMs : nextPollMs(last?.waitMs, moved), since, moved };
}
