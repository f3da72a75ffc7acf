import { SendTaskSuccessCommand, type SFNClient } from '@aws-sdk/client-sfn';
import { sfnClient } from '../shared/step-functions';

// Step Functions' callback pattern, answered from the API: SendTaskSuccess hands the waiting
// state (OutlineReview, a `.waitForTaskToken` task) its output, through AWS's own client.

export interface TaskCallback {
  /** Resumes the waiting execution with `output`; throws the SDK's error, named as AWS names it (TaskTimedOut, TaskDoesNotExist, InvalidToken…). */
  success(token: string, output: unknown): Promise<void>;
}

export function stepFunctionsCallback(sfn: Pick<SFNClient, 'send'> = sfnClient()): TaskCallback {
  return {
    async success(taskToken, output) {
      await sfn.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    },
  };
}
