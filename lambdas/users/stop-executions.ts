import type { SFNClient } from '@aws-sdk/client-sfn';
import type { ExecutionsPort } from './account-deletion';

// The Step Functions side of an account deletion (issue 20, item 4): a course generation or a
// model job still running for the learner is stopped, so it stops calling the model and writing.
// Executions are named after their job (courses/use-cases.ts, jobs/model-jobs.ts), so a running
// job's id names its execution in either state machine: AWS's execution ARN is the state machine's
// with `:execution:` for `:stateMachine:` and the name appended.

export const executionArn = (stateMachineArn: string, name: string) => `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;

/** Not every state machine has every job: the one that does not answers ExecutionDoesNotExist. */
const GONE = new Set(['ExecutionDoesNotExist']);

/** The SDK loads on the first deletion with running jobs, not at the users Lambda's cold start. */
const sdk = () => import('./sfn-stop-sdk');

export function stepFunctionsExecutions(stateMachineArns: string[], client?: () => SFNClient): ExecutionsPort {
  let sfn: SFNClient | undefined;
  return {
    async stop(jobIds) {
      if (!jobIds.length || !stateMachineArns.length) return;
      const { SFNClient: Client, StopExecutionCommand } = await sdk();
      sfn ??= client ? client() : new Client({});
      const calls = jobIds.flatMap((jobId) => stateMachineArns.map((arn) => executionArn(arn, jobId)));
      await Promise.all(
        calls.map((arn) =>
          sfn!.send(new StopExecutionCommand({ executionArn: arn, error: 'AccountDeleted', cause: 'El alumno eliminó su cuenta.' })).catch((error: Error) => {
            if (!GONE.has(error.name)) throw error;
          }),
        ),
      );
    },
  };
}
