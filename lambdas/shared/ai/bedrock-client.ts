import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { modelIdsFromEnv } from './models';
import { bedrockStructuredModel, type StructuredModel } from './structured-output';

// One Bedrock Runtime client per Lambda, AWS's own (`@aws-sdk/client-bedrock-runtime`): SigV4 with
// credential refresh, clock-skew correction, endpoint rules and event-stream framing proven against
// the service. The endpoint comes from the SDK's standard variables (AWS_ENDPOINT_URL_BEDROCK_RUNTIME
// on the local stack); the SDK's default handler speaks HTTP/2, as Bedrock does.
//
// maxAttempts 1: the SDK never retries a model call. Our own layers do, each with a reason the SDK
// cannot know: model-retry.ts waits out a throttle for about a minute within the invocation's
// deadline, keeping the conversation (and its repair turn); the state machine retries a timeout or
// an unavailable model with a fresh Lambda; the purpose's fallback list (model-fallback.ts) moves
// to the next model. With the SDK's standard mode (3 attempts) under them, one sustained throttle
// would be tried 3 × n × 3 times and outlast every budget.

let client: BedrockRuntimeClient | undefined;
export const bedrockClient = () => (client ??= new BedrockRuntimeClient({ maxAttempts: 1 }));

let model: StructuredModel | undefined;
export const structuredModel = () => (model ??= bedrockStructuredModel(bedrockClient(), modelIdsFromEnv()));
