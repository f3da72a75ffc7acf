import { randomUUID } from 'node:crypto';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { validatedStateMachine } from '../../../infra/local/asl-validated';

// The local Step Functions validates a definition once per machine (infra/local/asl-validated.ts):
// what was never validated is still refused, and a marked one runs as before.

const pass = (comment: string) => ({ Comment: comment, StartAt: 'Done', States: { Done: { Type: 'Pass', End: true } } }) as unknown as StateMachineDefinition;

it('refuses a definition it has not validated when it is invalid, every time', () => {
  const broken = { Comment: randomUUID(), StartAt: 'Nowhere', States: { Done: { Type: 'Pass', End: true } } } as unknown as StateMachineDefinition;
  expect(() => validatedStateMachine(broken)).toThrow();
  expect(() => validatedStateMachine(broken)).toThrow();
});

it('runs a definition the same after it was marked valid', async () => {
  const definition = pass(randomUUID());
  for (let i = 0; i < 2; i++) {
    const { result } = validatedStateMachine(definition).run({ n: i });
    await expect(result).resolves.toEqual({ n: i });
  }
});
