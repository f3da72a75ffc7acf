import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';

// Step Functions through AWS's own client (`@aws-sdk/client-sfn`), one per Lambda at module scope.
// Endpoint, region and credentials come from the SDK's standard variables (AWS_ENDPOINT_URL_SFN on
// the local stack, whose runner speaks the same AWS JSON 1.0 protocol).
//
// The SDK's standard retry mode (3 attempts, jittered backoff, throttles and 5xx only) is the only
// retry layer over these calls, so it is kept: StartExecution with the same name and input never
// starts two executions, and SendTaskSuccess on a spent token fails with TaskTimedOut, not twice.

let client: SFNClient | undefined;
export const sfnClient = () => (client ??= new SFNClient({}));

export interface StartExecutionInput {
  stateMachineArn: string;
  name: string;
  input: string;
}

/** The one call the workflows make (courses/workflow.ts, jobs/model-jobs.ts): the SDK's StartExecution. */
export interface StepFunctionsClient {
  startExecution(input: StartExecutionInput): Promise<{ executionArn?: string; startDate?: Date }>;
}

export const stepFunctionsClient = (sfn: Pick<SFNClient, 'send'> = sfnClient()): StepFunctionsClient => ({
  startExecution: (input) => sfn.send(new StartExecutionCommand(input)),
});
