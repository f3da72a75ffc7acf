import type { SFNClient } from '@aws-sdk/client-sfn';
import { sfnClient, sfnSdk } from '../shared/step-functions';

// Step Functions' callback pattern, answered from the API: SendTaskSuccess hands the waiting
// state (OutlineReview, a `.waitForTaskToken` task) its output, through AWS's own client (loaded
// on the first call, lambdas/shared/step-functions.ts).

export interface TaskCallback {
  /** Resumes the waiting execution with `output`; throws the SDK's error, named as AWS names it (TaskTimedOut, TaskDoesNotExist, InvalidToken…). */
  success(token: string, output: unknown): Promise<void>;
}

export function stepFunctionsCallback(sfn?: Pick<SFNClient, 'send'>): TaskCallback {
  return {
    async success(taskToken, output) {
      const { SendTaskSuccessCommand } = await sfnSdk();
      await (sfn ?? (await sfnClient())).send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    },
  };
}
