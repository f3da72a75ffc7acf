// jest globalSetup for the integration project: one local stack, in memory, in its own process,
// shared by every test file. Tests talk to it over real HTTP through MENTORA_URL, as the SPA does.
import { startSharedDynamo } from './shared-dynamo';
import { spawnStack } from './spawn-stack';

export default async function setup() {
  await startSharedDynamo();
  const stack = await spawnStack({ port: 0, web: 'none' });
  (globalThis as Record<string, unknown>).__MENTORA_STACK__ = stack;
  process.env.MENTORA_URL = stack.url;
  // What the stack gives its Lambdas (loopback endpoints, pool ids), for tests that call AWS APIs directly.
  process.env.MENTORA_STACK_ENV = JSON.stringify(stack.env);
}
