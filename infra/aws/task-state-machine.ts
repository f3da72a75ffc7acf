import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';

/**
 * A Standard state machine whose ASL file (shared with the local runner) invokes one task function: the model
 * jobs' and the LMS scores'. Its log group sits under /aws/vendedlogs/states/ (the prefix Step Functions' log
 * delivery is meant for, so CloudWatch Logs resource policies stay small; the stack name keeps two stages of
 * one account apart). Execution data holds learner ids: transitions are logged, their data is not. Made in
 * `scope` with the ids 'Logs' and 'StateMachine', as each construct made them before this was shared.
 */
export function taskStateMachine(scope: Construct, o: { name: string; aslPath: string; placeholder: string; fn: lambda.Function; production: boolean }): sfn.StateMachine {
  const logGroup = new logs.LogGroup(scope, 'Logs', {
    logGroupName: `/aws/vendedlogs/states/${Stack.of(scope).stackName}-${o.name}`,
    retention: o.production ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
    removalPolicy: o.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  const stateMachine = new sfn.StateMachine(scope, 'StateMachine', {
    stateMachineType: sfn.StateMachineType.STANDARD,
    definitionBody: sfn.DefinitionBody.fromString(readFileSync(o.aslPath, 'utf8')),
    definitionSubstitutions: { [o.placeholder]: o.fn.functionArn },
    tracingEnabled: true,
    logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
  });
  o.fn.grantInvoke(stateMachine);

  const stack = Stack.of(scope);
  Validations.of(stateMachine).acknowledge(
    {
      id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(o.fn.node.defaultChild as lambda.CfnFunction)}.Arn>:*]`,
      reason: 'The state machine invokes its own task function; the suffix wildcard only covers its versions and aliases.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing and CloudWatch Logs delivery (logs:CreateLogDelivery and friends) have no resource-level permissions.',
    },
  );
  return stateMachine;
}
