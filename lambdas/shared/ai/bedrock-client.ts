import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { BedrockSender } from './bedrock-sender';
import { budgetedSender, type ModelBudget } from './model-budget';
import { fallbackIdsFor } from './model-table';
import { modelIdsFromEnv } from './models';
import { bedrockStructuredModel, type StructuredModel } from './structured-output';

// One Bedrock Runtime client per Lambda, AWS's own (`@aws-sdk/client-bedrock-runtime`): SigV4 with
// credential refresh, clock-skew correction, endpoint rules and event-stream framing proven against
// the service. The endpoint comes from the SDK's standard variables (AWS_ENDPOINT_URL_BEDROCK_RUNTIME
// on the local stack); the SDK's default handler speaks HTTP/2, as Bedrock does.
//
// maxAttempts 1: the SDK never retries a model call. Our own layers do, each with a reason the SDK
// cannot know: model-retry.ts waits out a throttle for about a minute within the invocation's
// deadline, keeping the conversation (and its repair turn); the purpose's fallback list moves to the
// next model (structured-output.ts); the state machine retries a timeout or an unavailable model
// with a fresh Lambda. With the SDK's standard mode (3 attempts) under them, one sustained throttle
// would be tried 3 × n × 3 times and outlast every budget.
//
// The SDK is imported on the first model call, not at cold start: its schemas and runtime config
// cost about 25 ms of module init, and most invocations of the functions that bundle it (the
// courses routes, Finalize, MarkFailed, the tutor's history) never call a model.

export type { BedrockSender } from './bedrock-sender';

/** The SDK module, loaded once (structured-output.ts and converse-stream.ts build their commands from it). */
export const bedrockSdk = () => import('./bedrock-sdk');

let client: Promise<BedrockRuntimeClient> | undefined;
const sdkClient = () => (client ??= bedrockSdk().then((sdk) => new sdk.BedrockRuntimeClient({ maxAttempts: 1 })));

const lazyClient: BedrockSender = { send: async (command: never, options?: { abortSignal?: AbortSignal }) => (await sdkClient()).send(command, options) };
export const bedrockClient = (): BedrockSender => lazyClient;

/** Behind each routed model (models.ts), its purpose's fallbacks in this Lambda's region (model-table.ts). */
export const fallbacksFromEnv = (env: NodeJS.ProcessEnv = process.env) => fallbackIdsFor(env.AWS_REGION || 'us-east-1');

let model: StructuredModel | undefined;
export const structuredModel = () => (model ??= bedrockStructuredModel(bedrockClient(), modelIdsFromEnv(), {}, fallbacksFromEnv()));

// Course generation and model jobs (issue 23): each request first takes its reservation from the
// model budget (model-budget.ts), and a throttle is retried for 2 s at most in the Lambda before it
// goes back to the state machine, whose Retry waits (no Lambda sits out a throttled minute).
export const GENERATION_RETRY = { throttleBudgetMs: 2_000 };
// One per budget: the pipeline's and the model jobs' budgets wait differently (model-turns-store.ts
// LANE), and a process that hosts both (the local runner, tests) must not hand one the other's.
const generation = new WeakMap<ModelBudget, StructuredModel>();
export const generationModel = (budget: ModelBudget) => {
  if (!generation.has(budget)) generation.set(budget, bedrockStructuredModel(budgetedSender(bedrockClient(), budget), modelIdsFromEnv(), GENERATION_RETRY, fallbacksFromEnv()));
  return generation.get(budget)!;
};
