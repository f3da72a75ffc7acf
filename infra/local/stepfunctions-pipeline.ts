import { courseGenerationAsl, TASK_EXPORTS, TASK_STATE_ALIASES, type TaskName } from '../../lambdas/pipeline/state-machine';
import { MODEL_JOB_STATES, modelJobsAsl } from '../../lambdas/pipeline/model-jobs-machine';
import { LMS_SCORE_STATES, lmsScoresAsl } from '../../lambdas/lti/score-machine';
import { TASK_FUNCTION_LIMITS } from '../function-limits';
import { startLocalBedrock, type LocalBedrockOptions } from './bedrock';
import { tpmFromEnv } from './bedrock-quota';
import { startLocalStepFunctions, type TaskHandler } from './stepfunctions';

export interface CoursePipelineOptions extends Pick<LocalBedrockOptions, 'latencyMs' | 'intercept' | 'writer' | 'timing' | 'timeScale' | 'faults' | 'seed' | 'down' | 'tpm' | 'quotaMinuteMs' | 'streamGate'> {
  retryIntervalMs?: number;
  /** The wait before a task refused by the model budget tries again (BudgetExhausted); default the ASL's own. */
  budgetRetryMs?: number;
  /**
   * Errors the Lambda service raises instead of running a task's function, by state name, one per
   * invocation in order (e.g. `{ Lesson: ['Lambda.ServiceException'] }`): the ASL's Retry blocks
   * see the names they see on AWS. The queues are consumed in place (a test may add to them later).
   */
  lambdaFaults?: Record<string, string[]>;
  env?: NodeJS.ProcessEnv;
}

/**
 * The course pipeline on loopback: the local Bedrock endpoint and the local Step Functions runner
 * executing lambdas/pipeline/state-machine.asl.json, whose Task states call the pipeline's Lambda
 * handlers in this process, each with a context counting down from its function's timeout
 * (infra/function-limits.ts), so model calls get the deadline they would get on AWS. Answers the variables the Lambdas need to reach both.
 */
/** A Lambda context whose remaining time counts down from the function's timeout, as on AWS. */
const contextFor = (timeoutSeconds: number) => {
  const end = Date.now() + timeoutSeconds * 1000;
  return { getRemainingTimeInMillis: () => Math.max(0, end - Date.now()) };
};

/** The score job's function timeout (infra/aws/lms-scores.ts). */
const LMS_SCORE_TIMEOUT_S = 30;

/** Tokens per minute that no local run reaches: the budget's size when the local Bedrock has no quota. */
const UNLIMITED_TPM = 1_000_000_000;

const modelEnv = (name: string, id: string | undefined): Record<string, string> => (id ? { [name]: id } : {});

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

/**
 * A task invoked as Lambda would: a queued service fault fails it before it runs; a function that
 * outlives its timeout fails with `Sandbox.Timedout` (what Step Functions reports for a Lambda
 * timeout); a thrown error keeps its name. So the ASL's retries and catches run locally as on AWS.
 */
export function asLambda(state: string, timeoutSeconds: number, run: (context: ReturnType<typeof contextFor>) => Promise<unknown>, faults: Record<string, string[]> = {}) {
  return async () => {
    const fault = faults[state]?.shift();
    if (fault) throw named(fault, `${fault} (injected by the local runner for ${state})`);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(named('Sandbox.Timedout', `Task timed out after ${timeoutSeconds}.00 seconds`)), timeoutSeconds * 1000);
      timer.unref();
    });
    try {
      return await Promise.race([run(contextFor(timeoutSeconds)), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}

export async function startCoursePipeline(opts: CoursePipelineOptions = {}) {
  const env = opts.env ?? process.env;
  const { latencyMs, intercept, writer, timing, timeScale, seed, down, tpm, streamGate } = opts;
  const quotaTpm = tpm ?? tpmFromEnv(env.MENTORA_LLM_TPM);
  const bedrock = await startLocalBedrock({ latencyMs, intercept, writer, timing, timeScale, faults: opts.faults, seed, down, tpm: quotaTpm, quotaMinuteMs: opts.quotaMinuteMs, streamGate, env });
  // Consumed as the tasks run; a test may queue more while the pipeline runs.
  const faults = opts.lambdaFaults ?? {};
  // Loaded on the first task, once the stack has put the endpoints in process.env.
  let loaded: Promise<Record<string, (input: never, context: ReturnType<typeof contextFor>) => Promise<unknown>>> | undefined;
  const load = () => (loaded ??= import('../../lambdas/pipeline/handler') as never);
  const states: [string, TaskName][] = [...(Object.keys(TASK_EXPORTS) as TaskName[]).map((n): [string, TaskName] => [n, n]), ...Object.entries(TASK_STATE_ALIASES)];
  const taskHandlers = Object.fromEntries(
    states.map(([state, task]): [string, TaskHandler] => [
      state,
      async (input: never) => asLambda(state, TASK_FUNCTION_LIMITS[task].timeoutSeconds, async (context) => (await load())[TASK_EXPORTS[task]](input, context), faults)(),
    ]),
  );
  // The model jobs (lambdas/pipeline/model-jobs.asl.json) behind the same endpoint: every Task state runs the one function.
  // Their function has the Lesson task's timeout (infra/aws/model-jobs.ts), so its calls get the same deadline here.
  let loadedJobs: Promise<{ modelJob: (input: never, context: ReturnType<typeof contextFor>) => Promise<unknown> }> | undefined;
  const modelJobIn = (state: string): TaskHandler => async (input: never) =>
    asLambda(state, TASK_FUNCTION_LIMITS.Lesson.timeoutSeconds, async (context) => (await (loadedJobs ??= import('../../lambdas/pipeline/model-jobs-handler'))).modelJob(input, context), faults)();
  const modelJobsArn = 'arn:aws:states:us-east-1:000000000000:stateMachine:mentora-model-jobs';
  // The LMS scores (lambdas/lti/lms-scores.asl.json, docs/lti.md "Grades"): every Task state runs the score job.
  let loadedScores: Promise<{ scoreJob: (input: never) => Promise<unknown> }> | undefined;
  const scoreJobIn = (state: string): TaskHandler => async (input: never) =>
    asLambda(state, LMS_SCORE_TIMEOUT_S, async () => (await (loadedScores ??= import('../../lambdas/lti/score-job-handler'))).scoreJob(input), faults)();
  const lmsScoresArn = 'arn:aws:states:us-east-1:000000000000:stateMachine:mentora-lms-scores';
  const sfn = await startLocalStepFunctions({
    definition: courseGenerationAsl,
    taskHandlers,
    retryIntervalMs: opts.retryIntervalMs,
    budgetRetryMs: opts.budgetRetryMs,
    more: [
      { stateMachineArn: modelJobsArn, definition: modelJobsAsl, taskHandlers: Object.fromEntries(MODEL_JOB_STATES.map((state) => [state, modelJobIn(state)])) },
      { stateMachineArn: lmsScoresArn, definition: lmsScoresAsl, taskHandlers: Object.fromEntries(LMS_SCORE_STATES.map((state) => [state, scoreJobIn(state)])) },
    ],
  });
  // Offline, the Lambdas call the model table's ids (as on AWS), so the endpoint paces and the
  // course is priced as that model would be; a real local model is named as itself.
  const model = bedrock.mode === 'offline' ? undefined : env.MENTORA_LLM_MODEL || 'qwen2.5:7b';
  return {
    /** What the courses, lessons, evaluations and pipeline Lambdas get in addition to the table. */
    env: {
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
      AWS_ENDPOINT_URL_SFN: sfn.url,
      STATE_MACHINE_ARN: sfn.stateMachineArn,
      MODEL_JOBS_STATE_MACHINE_ARN: modelJobsArn,
      LMS_SCORES_STATE_MACHINE_ARN: lmsScoresArn,
      ...modelEnv('MODEL_FAST_ID', env.MODEL_FAST_ID || model),
      ...modelEnv('MODEL_STRONG_ID', env.MODEL_STRONG_ID || model),
      // One local model answers everything, the verifier too (no second family on this machine).
      ...modelEnv('MODEL_VERIFIER_ID', env.MODEL_VERIFIER_ID || model),
      // The model budget (lambdas/shared/ai/model-budget.ts) is sized from the same quota the local
      // Bedrock enforces; without MENTORA_LLM_TPM this Bedrock has no quota, and the budget none either.
      MODEL_TPM: String(quotaTpm ?? UNLIMITED_TPM),
      ...(opts.quotaMinuteMs && { MODEL_BUDGET_MINUTE_MS: String(opts.quotaMinuteMs) }),
    },
    /** 'offline' (demonstration content) or the OpenAI-compatible URL in use. */
    mode: bedrock.mode,
    bedrock,
    sfn,
    /**
     * Imports the pipeline's handler now, once the endpoints are in process.env (a bench's warm function, issue 42):
     * the first task imports it otherwise, and that import blocks this one process's event loop, the courses
     * route's answer included, where on AWS it is the Outline function's own cold start.
     */
    warm: async () => void (await load()),
    close: async () => {
      await sfn.close();
      await bedrock.close();
    },
  };
}
