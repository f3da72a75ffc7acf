import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { LtiExpiry } from '../../infra/aws/lti-expiry';
import { LTI_EXPIRY_FUNCTION_LIMITS } from '../../infra/function-limits';
import { EXPIRY_EVERY_MINUTES } from '../../lambdas/lti/registration-expiry';

// Issue 45 (docs/lti.md "How many registrations"): the LTI queue runs on a schedule of its own, so an unproven
// registration expires and a failed frame-store publication is retried without waiting for the next registration.
// It reads the queue's partition (Query on the table, never Scan) and may write the frame store, nothing else.

describe('the LTI queue\'s scheduled run on AWS', () => {
  let json: any;
  beforeAll(() => {
    const stack = new Stack(new App(), 'Test', { env: { account: '123456789012', region: 'eu-west-1' } });
    const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING }, sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING } });
    const frames = new cloudfront.KeyValueStore(stack, 'Frames');
    new LtiExpiry(stack, 'LtiExpiry', { table, frames, production: false, bundle: false });
    json = Template.fromStack(stack).toJSON();
  });
  const resources = (type: string) => Object.entries(json.Resources as Record<string, any>).filter(([, r]) => r.Type === type);
  const statements = () => resources('AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement);

  it(`is invoked by its own schedule every ${EXPIRY_EVERY_MINUTES} minutes, without retries piling up`, () => {
    const [[, schedule]] = resources('AWS::Scheduler::Schedule');
    expect(schedule.Properties.ScheduleExpression).toBe(`rate(${EXPIRY_EVERY_MINUTES} minutes)`);
    const [fnId] = resources('AWS::Lambda::Function')[0];
    expect(schedule.Properties.Target.Arn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(schedule.Properties.Target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
  });

  it('has its limits, the table and the frame store', () => {
    const [, fn] = resources('AWS::Lambda::Function')[0];
    expect(fn.Properties).toMatchObject({
      Timeout: LTI_EXPIRY_FUNCTION_LIMITS.timeoutSeconds,
      MemorySize: LTI_EXPIRY_FUNCTION_LIMITS.memoryMb,
      Environment: { Variables: { TABLE_NAME: { Ref: expect.stringMatching(/^Table/) }, LTI_FRAME_STORE_ARN: { 'Fn::GetAtt': [expect.stringMatching(/^Frames/), 'Arn'] } } },
    });
  });

  it('reads and writes items of the table (never Scan) and may only describe, put and delete keys of the frame store', () => {
    const dynamo = statements().filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    const actions = dynamo.flatMap((s: any) => [s.Action].flat()).sort();
    expect(actions).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(JSON.stringify(dynamo.map((s: any) => s.Resource))).not.toContain('/index/');
    const kvs = statements().filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('cloudfront-keyvaluestore:')));
    expect(kvs.flatMap((s: any) => [s.Action].flat()).sort()).toEqual(['cloudfront-keyvaluestore:DeleteKey', 'cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey']);
    expect(kvs.map((s: any) => s.Resource)).toEqual([{ 'Fn::GetAtt': [expect.stringMatching(/^Frames/), 'Arn'] }]);
  });
});
