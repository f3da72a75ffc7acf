// jest globalSetup for the integration project: one local stack, in memory, for every test file.
// Tests talk to it over real HTTP through MENTORA_URL, exactly as the SPA does.
import { startLocalStack } from '../../infra/local/stack';
import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';

export default async function setup() {
  quietAwsSdk();
  const stack = await startLocalStack({ port: 0, web: 'none' });
  (globalThis as Record<string, unknown>).__MENTORA_STACK__ = stack;
  process.env.MENTORA_URL = stack.url;
}
