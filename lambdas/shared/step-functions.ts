import type { SFNClient, StartExecutionCommandOutput } from '@aws-sdk/client-sfn';

// Step Functions through AWS's own client (`@aws-sdk/client-sfn`), one per Lambda at module scope.
// Endpoint, region and credentials come from the SDK's standard variables (AWS_ENDPOINT_URL_SFN on
// the local stack, whose runner speaks the same AWS JSON 1.0 protocol).
//
// The SDK's standard retry mode (3 attempts, jittered backoff, throttles and 5xx only) is the only
// retry layer over these calls, so it is kept: StartExecution with the same name and input never
// starts two executions, and SendTaskSuccess on a spent token fails with TaskTimedOut, not twice.
//
// The SDK loads on the first call, not at cold start: the functions that bundle it (courses,
// lessons, evaluations, diplomado) start an execution on a few of their routes only.

/** The SDK module, loaded once. */
export const sfnSdk = () => import('./sfn-sdk');

let client: Promise<SFNClient> | undefined;
export const sfnClient = () => (client ??= sfnSdk().then((sdk) => new sdk.SFNClient({})));

export interface StartExecutionInput {
  stateMachineArn: string;
  name: string;
  input: string;
}

/** The one call the workflows make (course-model/workflow.ts, jobs/model-jobs.ts): the SDK's StartExecution. */
export interface StepFunctionsClient {
  startExecution(input: StartExecutionInput): Promise<Pick<StartExecutionCommandOutput, 'executionArn' | 'startDate'>>;
}

/** `sfn` for tests (an SDK client pointed at a stand-in); the Lambda's shared client otherwise. */
export const stepFunctionsClient = (sfn?: Pick<SFNClient, 'send'>): StepFunctionsClient => ({
  async startExecution(input) {
    const { StartExecutionCommand } = await sfnSdk();
    return (sfn ?? (await sfnClient())).send(new StartExecutionCommand(input));
  },
});
