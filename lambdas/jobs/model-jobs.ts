import { randomUUID } from 'node:crypto';
import type { DiplomadoPlanRequest, EvaluationRequest, JobKind, LessonRequest, SuggestionsRequest } from '../contract';
import type { JobItem } from '../courses/course-items';
import { metered, type ModelAllowance } from '../plans/quotas';
import type { StepFunctionsClient } from '../shared/step-functions';
import { AppError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { ModelJobStore } from './model-job-store';

// A model call the API no longer waits on: the route checks the request, ownership and the plan's
// daily allowance, writes a job and starts the model-jobs state machine (lambdas/pipeline/
// model-jobs.asl.json), then answers 202 with the job id at once. GET /jobs/{id} follows it.

interface Common {
  userId: string;
  jobId: string;
}
/** The state machine's input: the job and the request, already validated and owned. */
export type ModelJobInput = Common
  & (
    | { kind: 'leccion'; request: LessonRequest }
    | { kind: 'evaluacion'; request: EvaluationRequest }
    | { kind: 'sugerencias'; request: SuggestionsRequest }
    | { kind: 'diplomado'; request: DiplomadoPlanRequest }
  );
export type ModelJobKind = Exclude<JobKind, 'curso'>;
type Request<K extends ModelJobKind> = Extract<ModelJobInput, { kind: K }>['request'];

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

/**
 * Takes one unit of `allowance` (429 when spent), writes the job and starts it. When the start
 * fails the job is marked failed and the unit given back: nothing is left `en_proceso` with
 * nothing running.
 */
export async function startModelJob<K extends ModelJobKind>(
  deps: ModelJobDeps,
  allowance: ModelAllowance | undefined,
  userId: string,
  kind: K,
  request: Request<K>,
  courseId = '',
): Promise<{ jobId: string }> {
  return metered(allowance, userId, async () => {
    const jobId = randomUUID();
    const now = new Date().toISOString();
    const job: JobItem = { jobId, kind, courseId, userId, status: 'en_proceso', step: 'contenido', done: 0, total: 1, createdAt: now, updatedAt: now };
    await deps.jobs.create(job);
    try {
      await deps.workflow.start({ kind, userId, jobId, request } as ModelJobInput);
    } catch (error) {
      logger.error('could not start a model job', { error: error as Error, kind, jobId });
      await deps.jobs.finish(userId, jobId, { error: START_FAILED }).catch(() => undefined);
      throw new AppError(503, START_FAILED, 'WorkflowUnavailable');
    }
    return { jobId };
  });
}
