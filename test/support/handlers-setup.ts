// jest globalSetup for the handlers project: the local stand-ins (DynamoDB Local, cognito-local, the
// local Bedrock endpoint and Step Functions runner, the Stripe and Secrets Manager stand-ins) in
// their own process. Their endpoints travel to the test workers under a name of their own, so a
// run of every project does not point the integration or e2e workers at this stack;
// handlers-env.ts copies them into each test file's process.env before any handler is imported.
import { startSharedDynamo } from './shared-dynamo';
import { spawnStack } from './spawn-stack';

export default async function setup() {
  await startSharedDynamo();
  const stack = await spawnStack({ port: 0, web: 'none' });
  (globalThis as Record<string, unknown>).__MENTORA_HANDLERS_STACK__ = stack;
  process.env.MENTORA_HANDLERS_ENV = JSON.stringify({ ...stack.env, MENTORA_URL: stack.url });
}
