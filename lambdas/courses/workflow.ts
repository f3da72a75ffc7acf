import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { CourseWorkflow } from './ports';

/** Step Functions adapter; locally the same client talks to the loopback runner. */
export const stepFunctionsWorkflow = (client: SFNClient, stateMachineArn: string): CourseWorkflow => ({
  async start(name, input) {
    const out = await client.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
    return out.executionArn ?? name;
  },
});
