import { converseClient, type BedrockRuntimeClient } from './converse-client';
import { modelIdsFromEnv } from './models';
import { bedrockStructuredModel, type StructuredModel } from './structured-output';

let client: BedrockRuntimeClient | undefined;
/**
 * One Bedrock Runtime client per Lambda: Converse without the SDK client (converse-client.ts says
 * why). It never retries on its own: model-retry.ts and the state machine's Retry own backoff, so a
 * throttle is never retried 3 x 3 times.
 */
export const bedrockClient = () => (client ??= converseClient());

let model: StructuredModel | undefined;
export const structuredModel = () => (model ??= bedrockStructuredModel(bedrockClient(), modelIdsFromEnv()));
