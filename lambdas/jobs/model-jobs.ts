import { createHash, randomUUID } from 'node:crypto';
import type { DiplomadoPlanRequest, EvaluationRequest, GradingRequest, JobKind, LessonRequest, RemedialRequest, SuggestionsRequest } from '../contract';
import type { JobItem } from '../course-model';
import { metered, type AllowanceName, type ModelAllowance } from '../plans';
import type { StepFunctionsClient } from '../shared/step-functions';
import { AppError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { ModelJobStore } from './model-job-store';

// A model call the API no longer waits on: the route checks the request, ownership and the plan's
// daily allowance, writes a job and starts the model-jobs state machine (lambdas/pipeline/
// model-jobs.asl.json), then answers 202 with the job id at once. GET /jobs/{id} follows it.
// Every job is paid before it starts (issue 40): a unit of its kind's daily allowance and a hold on
// the learner's monthly AI budget, both taken by `startModelJob`, which has no way to start unpaid.

interface Common {
  userId: string;
  jobId: string;
  /**
   * When the job was started (ISO, the system clock: the state machine's deadline is wall time, not the
   * app's movable clock): an attempt that would begin too long after it ends the job instead
   * (lambdas/pipeline/model-jobs.ts JOB_ATTEMPT_DEADLINE_S). Absent on executions started before it existed.
   */
  startedAt?: string;
}
/** The state machine's input: the job and the request, already validated and owned. */
export type ModelJobInput = Common
  & (
    | { kind: 'leccion'; request: LessonRequest }
    | { kind: 'evaluacion'; request: EvaluationRequest }
    | { kind: 'sugerencias'; request: SuggestionsRequest }
    | { kind: 'diplomado'; request: DiplomadoPlanRequest }
    | { kind: 'respuesta'; request: GradingRequest }
    | { kind: 'refuerzo'; request: RemedialRequest }
  );
export type ModelJobKind = Exclude<JobKind, 'curso'>;
type Request<K extends ModelJobKind> = Extract<ModelJobInput, { kind: K }>['request'];

/**
 * The daily allowance each kind of job is paid from (plans.ts `porDia`): taken by the route before the
 * job starts, given back by the job's failure (lambdas/pipeline/model-jobs.ts). A top-up, or a bank
 * a module lacks, is model work like a new bank (issue 40): its own allowance, `recargasEvaluacion`.
 */
export function allowanceOf(input: Pick<ModelJobInput, 'kind' | 'request'>): AllowanceName {
  switch (input.kind) {
    case 'leccion':
      return 'regeneraciones';
    case 'evaluacion':
      return (input.request as EvaluationRequest).regenerar ? 'variantesEvaluacion' : 'recargasEvaluacion';
    case 'sugerencias':
      return 'sugerencias';
    case 'diplomado':
      return 'planesDiplomado';
    case 'respuesta':
      return 'respuestasAbiertas';
    case 'refuerzo':
      return 'refuerzos';
  }
}

export interface ModelJobWorkflow {
  start(input: ModelJobInput): Promise<void>;
}

export interface ModelJobDeps {
  jobs: ModelJobStore;
  workflow: ModelJobWorkflow;
}

const START_FAILED = 'No pudimos empezar a generar. Inténtalo de nuevo en unos minutos.';

/** Step Functions adapter: the execution is named after the job, so a retried start never runs twice. */
export const stepFunctionsModelJobs = (client: StepFunctionsClient, stateMachineArn: string): ModelJobWorkflow => ({
  async start(input) {
    await client.startExecution({ stateMachineArn, name: input.jobId, input: JSON.stringify(input) });
  },
});

/** Object keys sorted at every level, so two equal requests give the same text. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`
      : JSON.stringify(value);

/** The same kind and the same request from one learner is the same work: one job does it. */
export const dedupeKeyOf = (kind: ModelJobKind, request: unknown) => `${kind}#${createHash('sha256').update(canonical(request)).digest('hex').slice(0, 32)}`;

/**
 * Starts one job per piece of work: the learner's lock on `dedupeKey` (by default the kind and
 * the request) is taken first, so concurrent identical requests (a double click, ten tabs) get the
 * running job's id back (202) without paying again. Then takes one unit of `allowance` and holds the
 * job's estimate of the month's AI budget under the job's id (429 in Spanish when either is spent,
 * and no job is written), writes the job and starts it. When the start fails the job is marked failed,
 * the unit given back and the hold settled: nothing is left `en_proceso` with nothing running.
 * `allowance` is required and must be the kind's own (`allowanceOf`): the job's failure gives back a
 * unit of that one, so a route passing another would refund what it never took.
 */
export async function startModelJob<K extends ModelJobKind>(
  deps: ModelJobDeps,
  allowance: ModelAllowance,
  userId: string,
  kind: K,
  request: Request<K>,
  courseId = '',
  dedupeKey: string = dedupeKeyOf(kind, request),
): Promise<{ jobId: string }> {
  const owed = allowanceOf({ kind, request });
  if (allowance?.name !== owed) throw new Error(`a ${kind} job is paid by ${owed}, not ${String(allowance?.name)}`);
  const jobId = randomUUID();
  const running = await deps.jobs.claim(userId, dedupeKey, jobId);
  if (running) return { jobId: running };
  let started = false;
  try {
    return await metered(allowance, userId, async () => {
      const now = new Date().toISOString();
      const job: JobItem = { jobId, kind, courseId, userId, status: 'en_proceso', step: 'contenido', done: 0, total: 1, createdAt: now, updatedAt: now };
      await deps.jobs.create(job);
      try {
        await deps.workflow.start({ kind, userId, jobId, request, startedAt: now } as ModelJobInput);
        started = true;
      } catch (error) {
        logger.error('could not start a model job', { error: error as Error, kind, jobId });
        await deps.jobs.finish(userId, jobId, { error: START_FAILED }).catch(() => undefined);
        throw new AppError(503, START_FAILED, 'WorkflowUnavailable');
      }
      return { jobId };
      // The job's estimate is held under its id; the job settles it when it ends (lambdas/pipeline/model-jobs.ts).
    }, jobId);
  } finally {
    if (!started) await deps.jobs.release(userId, dedupeKey, jobId).catch((error) => logger.warn('could not release a job lock', { error: error as Error }));
  }
}
