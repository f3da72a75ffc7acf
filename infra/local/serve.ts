// Runs the local stack as a child process for test runners (jest's globalSetup cannot load
// TypeScript handlers lazily): options come in MENTORA_STACK_OPTIONS as JSON, and one line
// `MENTORA_READY {"url":...}` goes to stdout once everything answers. SIGTERM stops it.
import './untraced';
import { quietAwsSdk } from './quiet-aws-sdk';
import { startLocalStack, type LocalStackOptions } from './stack';

quietAwsSdk();
const options = JSON.parse(process.env.MENTORA_STACK_OPTIONS ?? '{}') as LocalStackOptions;

startLocalStack(options).then(
  (stack) => {
    process.stdout.write(`MENTORA_READY ${JSON.stringify({ url: stack.url, env: stack.env, runtimeConfig: stack.runtimeConfig })}\n`);
    const stop = () => void stack.stop().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    // Never outlive the test runner that started us.
    process.on('disconnect', stop);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
