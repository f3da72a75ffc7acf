import type { SFNClient } from '@aws-sdk/client-sfn';

// StopExecution for the jobs whose work must end: a deleted account's running jobs (users/
// stop-executions.ts) and the course jobs the sweeper fails (pipeline/sweeper.ts), so neither keeps
// calling the model. Executions are named after their job (courses/use-cases.ts, jobs/model-jobs.ts),
// so a job's id names its execution: AWS's execution ARN is the state machine's with `:execution:`
// for `:stateMachine:` and the name appended.

export const executionArn = (stateMachineArn: string, name: string) => `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;

/** Not every state machine has every job (nor did every job start): those answer ExecutionDoesNotExist. */
const GONE = new Set(['ExecutionDoesNotExist']);

/** What the stopped execution records as its error and cause (seen in the console and history). */
export interface StopReason {
  error: string;
  cause: string;
}

/** Stops the executions named after `jobIds` in every machine given; the SDK loads on the first call with jobs. */
export function executionStopper(stateMachineArns: string[], reason: StopReason, client?: () => SFNClient) {
  let sfn: SFNClient | undefined;
  return async (jobIds: string[]) => {
    if (!jobIds.length || !stateMachineArns.length) return;
    const { SFNClient: Client, StopExecutionCommand } = await import('./sfn-sdk');
    sfn ??= client ? client() : new Client({});
    const calls = jobIds.flatMap((jobId) => stateMachineArns.map((arn) => executionArn(arn, jobId)));
    await Promise.all(
      calls.map((arn) =>
        sfn!.send(new StopExecutionCommand({ executionArn: arn, ...reason })).catch((error: Error) => {
          if (!GONE.has(error.name)) throw error;
        }),
      ),
    );
  };
}
