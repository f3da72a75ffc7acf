import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { modelIdsFromEnv } from './models';
import { bedrockStructuredModel, type StructuredModel } from './structured-output';

let client: BedrockRuntimeClient | undefined;
/**
 * One Bedrock Runtime client per Lambda. The SDK's own retries are off (maxAttempts 1): the state
 * machine's Retry owns backoff for the pipeline, so a throttle is never retried 3 x 3 times.
 */
export const bedrockClient = () => (client ??= new BedrockRuntimeClient({ maxAttempts: 1 }));

let model: StructuredModel | undefined;
export const structuredModel = () => (model ??= bedrockStructuredModel(bedrockClient(), modelIdsFromEnv()));
