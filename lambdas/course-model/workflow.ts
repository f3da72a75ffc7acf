import type { StepFunctionsClient } from '../shared/step-functions';
import type { CourseWorkflow } from './ports';

/** Step Functions adapter; locally the same client talks to the loopback runner. */
export const stepFunctionsWorkflow = (client: StepFunctionsClient, stateMachineArn: string): CourseWorkflow => ({
  async start(name, input) {
    const out = await client.startExecution({ stateMachineArn, name, input: JSON.stringify(input) });
    return out.executionArn ?? name;
  },
});
