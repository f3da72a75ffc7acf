// What Mentora uses of `@aws-sdk/client-sfn`, named, so the bundler keeps only these when
// step-functions.ts imports this module on the first call (a dynamic import of the package itself
// would keep every command of it).
export { SFNClient, SendTaskSuccessCommand, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
