import type { StepFunctionsClient } from '../shared/step-functions';
import { executionName } from './grade-items';

// A score's sending is a job (issue 45 item 4): the lms-scores state machine (lambdas/lti/lms-scores.asl.json)
// posts it with retries and backoff, never the learner's request. The execution's name is derived from the score
// and its round, so starting the same round twice (a retried request, twenty at once) starts one execution:
// Step Functions refuses a second execution of the same name and input, and answers the first one.

export interface ScoreJobs {
  start(aulaId: string, nota: string, ronda: number): Promise<void>;
}

export const stepFunctionsScoreJobs = (client: StepFunctionsClient, stateMachineArn: string): ScoreJobs => ({
  async start(aulaId, nota, ronda) {
    try {
      // The round goes in: a job of an earlier round still running when a retry took the score posts nothing (score-job.ts).
      await client.startExecution({ stateMachineArn, name: executionName(aulaId, nota, ronda), input: JSON.stringify({ aulaId, nota, ronda }) });
    } catch (error) {
      // This round's job already exists (started by an earlier call): it is the one that sends the score.
      if ((error as Error).name !== 'ExecutionAlreadyExists') throw error;
    }
  },
});
