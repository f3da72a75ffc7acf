import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';

/**
 * EventBridge Scheduler invoking `fn` every `everyMinutes` (the stale-job sweeper, the LTI queue's run), in `scope`
 * as `ScheduleRole` and `Schedule`. A missed run is covered by the next one: no retries pile up behind a slow run.
 */
export function everyFewMinutes(scope: Construct, fn: lambda.Function, everyMinutes: number, description: string): scheduler.Schedule {
  // Its own role: it may invoke this function and nothing else.
  const role = new iam.Role(scope, 'ScheduleRole', { assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com') });
  const schedule = new scheduler.Schedule(scope, 'Schedule', {
    description,
    schedule: scheduler.ScheduleExpression.rate(Duration.minutes(everyMinutes)),
    target: new targets.LambdaInvoke(fn, { role, retryAttempts: 0, maxEventAge: Duration.minutes(everyMinutes) }),
  });
  // grantInvoke allows the function ARN with any version or alias suffix (`<arn>:*`).
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${Stack.of(scope).getLogicalId(fn.node.defaultChild as lambda.CfnFunction)}.Arn>:*]`,
    reason: 'The schedule invokes only its own function; the suffix wildcard only covers its versions and aliases.',
  });
  return schedule;
}
