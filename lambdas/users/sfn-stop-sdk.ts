// What the account deletion uses of `@aws-sdk/client-sfn`, named, so the bundler keeps only these when
// stop-executions.ts imports this module on the first deletion (not at cold start).
export { SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
