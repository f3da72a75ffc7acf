import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Sweeper } from '../../infra/aws/sweeper';
import { SWEEPER_FUNCTION_LIMITS } from '../../infra/function-limits';
import { TABLE } from '../../lambdas/shared/table';
import { runningJobIndex } from '../../lambdas/course-model/store-support';

// Issue 13: the stale-job sweeper runs every 5 minutes from EventBridge Scheduler, reads only the
// sparse index of running jobs (Query, never Scan) and writes courses and jobs with UpdateItem.
// Issue 23: it stops the executions of the jobs it fails, on the course state machine only.

const MACHINE = 'arn:aws:states:eu-west-1:123456789012:stateMachine:CourseGeneration';

describe('the stale-job sweeper on AWS', () => {
  let json: any;
  beforeAll(() => {
    const stack = new Stack(new App(), 'Test', { env: { account: '123456789012', region: 'eu-west-1' } });
    const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING }, sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING } });
    const courseWorkflow = sfn.StateMachine.fromStateMachineArn(stack, 'Courses', MACHINE);
    new Sweeper(stack, 'Sweeper', { table, courseWorkflow, production: false, bundle: false });
    json = Template.fromStack(stack).toJSON();
  });
  const resources = (type: string) => Object.entries(json.Resources as Record<string, any>).filter(([, r]) => r.Type === type);

  it('is invoked by an EventBridge Scheduler schedule every 5 minutes, without retries piling up', () => {
    const schedules = resources('AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    const [, schedule] = schedules[0];
    expect(schedule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    expect(schedule.Properties.State).not.toBe('DISABLED');
    const [fnId] = resources('AWS::Lambda::Function')[0];
    expect(schedule.Properties.Target.Arn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(schedule.Properties.Target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
  });

  it('has the limits of infra/function-limits.ts and the table name', () => {
    const [, fn] = resources('AWS::Lambda::Function')[0];
    expect(fn.Properties).toMatchObject({
      Timeout: SWEEPER_FUNCTION_LIMITS.timeoutSeconds,
      MemorySize: SWEEPER_FUNCTION_LIMITS.memoryMb,
      Environment: { Variables: { TABLE_NAME: { Ref: expect.stringMatching(/^Table/) }, STATE_MACHINE_ARN: MACHINE } },
    });
  });

  it("may StopExecution on the course state machine's executions only", () => {
    const statements = resources('AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const states = statements.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('states:')));
    expect(states).toHaveLength(1);
    expect(states[0].Action).toBe('states:StopExecution');
    expect(JSON.stringify(states[0].Resource)).toContain(':execution:');
    expect(JSON.stringify(states[0].Resource)).toContain(':*');
    expect(JSON.stringify(states[0].Resource)).not.toContain(':stateMachine:');
  });

  it('may only Query the running-jobs index and update items: never Scan', () => {
    const statements = resources('AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const dynamo = statements.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    const actions = dynamo.flatMap((s: any) => [s.Action].flat()).sort();
    expect(actions).toEqual(['dynamodb:Query', 'dynamodb:UpdateItem']);
    const query = dynamo.find((s: any) => s.Action === 'dynamodb:Query');
    expect(JSON.stringify(query.Resource)).toContain(`/index/${runningJobIndex.name}`);
    expect(TABLE.indexes.map((i) => i.name)).toContain(runningJobIndex.name);
  });
});
