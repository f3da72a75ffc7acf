import { courseGenerationAsl, TASK_EXPORTS, type TaskName } from '../../lambdas/pipeline/state-machine';
import { startLocalBedrock, type LocalBedrockOptions } from './bedrock';
import { startLocalStepFunctions, type TaskHandler } from './stepfunctions';

export interface CoursePipelineOptions extends Pick<LocalBedrockOptions, 'latencyMs' | 'intercept' | 'writer'> {
  retryIntervalMs?: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * The course pipeline on loopback: the local Bedrock endpoint and the local Step Functions runner
 * executing lambdas/pipeline/state-machine.asl.json, whose Task states call the pipeline's Lambda
 * handlers in this process. Answers the variables the Lambdas need to reach both.
 */
export async function startCoursePipeline(opts: CoursePipelineOptions = {}) {
  const env = opts.env ?? process.env;
  const bedrock = await startLocalBedrock({ latencyMs: opts.latencyMs, intercept: opts.intercept, writer: opts.writer, env });
  // Loaded on the first task, once the stack has put the endpoints in process.env.
  let loaded: Promise<Record<string, (input: never) => Promise<unknown>>> | undefined;
  const load = () => (loaded ??= import('../../lambdas/pipeline/handler') as never);
  const taskHandlers = Object.fromEntries(
    (Object.keys(TASK_EXPORTS) as TaskName[]).map((name): [string, TaskHandler] => [name, async (input: never) => (await load())[TASK_EXPORTS[name]](input)]),
  );
  const sfn = await startLocalStepFunctions({ definition: courseGenerationAsl, taskHandlers, retryIntervalMs: opts.retryIntervalMs });
  const model = bedrock.mode === 'offline' ? 'mentora-offline-writer' : env.MENTORA_LLM_MODEL || 'qwen2.5:7b';
  return {
    /** What the courses, lessons, evaluations and pipeline Lambdas get in addition to the table. */
    env: {
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
      AWS_ENDPOINT_URL_SFN: sfn.url,
      STATE_MACHINE_ARN: sfn.stateMachineArn,
      MODEL_FAST_ID: env.MODEL_FAST_ID || model,
      MODEL_STRONG_ID: env.MODEL_STRONG_ID || model,
    },
    /** 'offline' (demonstration content) or the OpenAI-compatible URL in use. */
    mode: bedrock.mode,
    bedrock,
    sfn,
    close: async () => {
      await sfn.close();
      await bedrock.close();
    },
  };
}
