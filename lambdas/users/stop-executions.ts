import type { SFNClient } from '@aws-sdk/client-sfn';
import { executionStopper } from '../shared/stop-executions';
import type { ExecutionsPort } from './account-deletion';

// The Step Functions side of an account deletion (issue 20, item 4): a course generation or a
// model job still running for the learner is stopped, so it stops calling the model and writing.
// The StopExecution calls themselves are shared with the sweeper (lambdas/shared/stop-executions.ts).

export { executionArn } from '../shared/stop-executions';

export function stepFunctionsExecutions(stateMachineArns: string[], client?: () => SFNClient): ExecutionsPort {
  return { stop: executionStopper(stateMachineArns, { error: 'AccountDeleted', cause: 'El alumno eliminó su cuenta.' }, client) };
}
