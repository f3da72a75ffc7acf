import { startLocalStepFunctions, type LocalStepFunctions } from '../../../infra/local/stepfunctions';

// The local runner's callback pattern (issue 15): a `.waitForTaskToken` task hands its function
// a token and waits for SendTaskSuccess / SendTaskFailure; its TimeoutSeconds goes to the Catch.

const definition = (timeoutSeconds: number) => ({
  StartAt: 'Wait',
  States: {
    Wait: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
      Parameters: { FunctionName: '${WaitFunctionArn}', Payload: { 'who.$': '$.who', 'token.$': '$$.Task.Token' } },
      TimeoutSeconds: timeoutSeconds,
      ResultPath: '$.answer',
      Catch: [{ ErrorEquals: ['States.Timeout'], ResultPath: '$.timedOut', Next: 'Kept' }],
      End: true,
    },
    Kept: { Type: 'Pass', Result: 'kept', ResultPath: '$.answer', End: true },
  },
});

const sfnCall = async (sfn: LocalStepFunctions, action: string, body: unknown) => {
  const res = await fetch(sfn.url, { method: 'POST', headers: { 'x-amz-target': `AWSStepFunctions.${action}`, 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

async function withRunner(timeoutSeconds: number, test: (sfn: LocalStepFunctions, tokens: Promise<{ who: string; token: string }>) => Promise<void>) {
  let received!: (payload: { who: string; token: string }) => void;
  const tokens = new Promise<{ who: string; token: string }>((resolve) => (received = resolve));
  const sfn = await startLocalStepFunctions({ definition: definition(timeoutSeconds), taskHandlers: { Wait: (payload: never) => received(payload) } });
  try {
    await test(sfn, tokens);
  } finally {
    await sfn.close();
  }
}

const finished = async (sfn: LocalStepFunctions, executionArn: string) => {
  await sfn.settled();
  return (await sfnCall(sfn, 'DescribeExecution', { executionArn })).body;
};

describe('the local Step Functions runner: waitForTaskToken', () => {
  it('gives the function the Payload with a fresh token and resumes with the output of SendTaskSuccess', async () => {
    await withRunner(60, async (sfn, tokens) => {
      const { executionArn } = (await sfnCall(sfn, 'StartExecution', { stateMachineArn: sfn.stateMachineArn, input: JSON.stringify({ who: 'Ana' }) })).body;
      const payload = await tokens;
      expect(payload).toEqual({ who: 'Ana', token: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect((await sfnCall(sfn, 'DescribeExecution', { executionArn })).body.status).toBe('RUNNING');
      expect(await sfnCall(sfn, 'SendTaskSuccess', { taskToken: payload.token, output: JSON.stringify({ ok: 1 }) })).toEqual({ status: 200, body: {} });
      const done = await finished(sfn, executionArn);
      expect(done.status).toBe('SUCCEEDED');
      expect(JSON.parse(done.output)).toEqual({ who: 'Ana', answer: { ok: 1 } });
      // A token answers once.
      expect((await sfnCall(sfn, 'SendTaskSuccess', { taskToken: payload.token, output: '{}' })).body.__type).toBe('TaskDoesNotExist');
    });
  });

  it('fails the execution with the error of SendTaskFailure', async () => {
    await withRunner(60, async (sfn, tokens) => {
      const { executionArn } = (await sfnCall(sfn, 'StartExecution', { stateMachineArn: sfn.stateMachineArn, input: JSON.stringify({ who: 'Ana' }) })).body;
      await sfnCall(sfn, 'SendTaskFailure', { taskToken: (await tokens).token, error: 'Rechazado', cause: 'no' });
      expect(await finished(sfn, executionArn)).toMatchObject({ status: 'FAILED', error: 'Rechazado' });
    });
  });

  it('goes to the Catch of States.Timeout when nobody answers in TimeoutSeconds, and a late answer is TaskTimedOut', async () => {
    await withRunner(1, async (sfn, tokens) => {
      const { executionArn } = (await sfnCall(sfn, 'StartExecution', { stateMachineArn: sfn.stateMachineArn, input: JSON.stringify({ who: 'Ana' }) })).body;
      const { token } = await tokens;
      const done = await finished(sfn, executionArn);
      expect(done.status).toBe('SUCCEEDED');
      expect(JSON.parse(done.output)).toMatchObject({ answer: 'kept', timedOut: { Error: 'States.Timeout' } });
      expect((await sfnCall(sfn, 'SendTaskSuccess', { taskToken: token, output: '{}' })).body.__type).toBe('TaskTimedOut');
    });
  });
});
