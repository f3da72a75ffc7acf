import type { CourseStore, RunningJobs } from '../course-model';
import type { SFNClient } from '@aws-sdk/client-sfn';
import { logger } from '../shared/logger';
import { executionStopper } from '../shared/stop-executions';

// The sweeper: a course job that has not moved for STALE_AFTER_MINUTES is stuck (its execution
// died, never started, or its failure could not be recorded), so its course ends `error` with a
// Spanish message and the learner can retry it (POST /courses/{id}/retry accepts failed courses).
// On AWS EventBridge Scheduler runs it every SWEEP_EVERY_MINUTES (infra/aws/sweeper.ts); locally
// the stack runs it on an interval with the movable clock (infra/local/stack.ts). docs/pipeline.md.
// A job it fails has its execution stopped too (issue 23): a stalled execution otherwise keeps
// waiting on, and paying for, the model while the learner's retry starts another.

/** Minutes without movement after which a running course job is failed. No task runs this long without writing progress. */
export const STALE_AFTER_MINUTES = 15;
export const SWEEP_EVERY_MINUTES = 5;
/** Jobs failed per run at most: a backlog drains over a few runs instead of one long invocation. */
export const MAX_SWEPT_PER_RUN = 200;
const IN_FLIGHT = 4;

export const STALLED_MESSAGE = `La generación de tu curso se detuvo y no avanzó en ${STALE_AFTER_MINUTES} minutos. Puedes reintentarla desde tu panel.`;

/** Stops the course state machine's executions of the jobs the sweeper failed (their names are the job ids). */
export const sweeperStop = (courseStateMachineArn: string, client?: () => SFNClient) =>
  executionStopper([courseStateMachineArn], { error: 'CourseStalled', cause: STALLED_MESSAGE }, client);

export interface SweeperDeps {
  running: RunningJobs;
  store: Pick<CourseStore, 'fail'>;
  /** StopExecution for the jobs just failed (lambdas/shared/stop-executions.ts); none stopped when absent. */
  stop?: (jobIds: string[]) => Promise<void>;
  /** Ends a failed run's hold on its learner's AI budget (lambdas/plans ai-budget.ts); a stopped run settles nothing itself. */
  settle?: (userId: string, jobId: string) => Promise<void>;
}

export interface SweepResult {
  /** Jobs (and their courses) marked failed by this run. */
  swept: number;
  /** Seconds since the stalest running job last moved; 0 when none runs (the alarm's metric). */
  oldestRunningJobAgeSeconds: number;
}

export async function sweepStaleJobs(deps: SweeperDeps, now: Date): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - STALE_AFTER_MINUTES * 60_000).toISOString();
  const { stale, oldestMovedAt } = await deps.running.idleSince(cutoff, MAX_SWEPT_PER_RUN);
  let swept = 0;
  // Each failure is its own conditional transaction (a job that moves meanwhile is left alone); a few in flight.
  for (let i = 0; i < stale.length; i += IN_FLIGHT) {
    const batch = stale.slice(i, i + IN_FLIGHT);
    const done = await Promise.all(batch.map((j) => deps.store.fail(j.userId, j.courseId, j.jobId, STALLED_MESSAGE, cutoff)));
    const failed = batch.filter((_, k) => done[k]).map((j) => j.jobId);
    swept += failed.length;
    if (deps.settle) await Promise.all(batch.filter((_, k) => done[k]).map((j) => deps.settle!(j.userId, j.jobId)));
    // Only the jobs this run failed (one that moved meanwhile runs on). The course is already
    // `error` and its late writes are refused (generation-store.ts), so a stop that fails is
    // logged, never a reason to fail the sweep.
    await deps.stop?.(failed).catch((error: Error) => logger.warn('could not stop a failed course execution', { jobIds: failed, error: error.name }));
  }
  const age = oldestMovedAt ? Math.max(0, Math.round((now.getTime() - Date.parse(oldestMovedAt)) / 1000)) : 0;
  return { swept, oldestRunningJobAgeSeconds: age };
}
