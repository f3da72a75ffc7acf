import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { runningJobIndex } from '../../lambdas/course-model/store-support';
import { SWEEP_EVERY_MINUTES } from '../../lambdas/pipeline/sweeper';
import { SWEEPER_FUNCTION_LIMITS } from '../function-limits';
import { grantIndexQuery, grantItems, grantStopExecutions } from './api-functions';
import { GroupFunction } from './group-function';
import { REPO_ROOT } from './lambda-bundling';
import { everyFewMinutes } from './scheduled-function';

export interface SweeperProps {
  table: dynamodb.ITable;
  /** The course generation state machine: the sweeper stops the executions of the jobs it fails. */
  courseWorkflow: sfn.IStateMachine;
  production: boolean;
  /** `false` only in template tests (placeholder code instead of an esbuild bundle). */
  bundle?: boolean;
}

/**
 * The stale-job sweeper (lambdas/pipeline/sweeper.ts): EventBridge Scheduler invokes it every
 * SWEEP_EVERY_MINUTES; it reads the running course jobs from their sparse index (a Query, never a
 * Scan) and fails, in one conditional transaction each, the courses whose job stopped moving,
 * then stops those jobs' executions (StopExecution on the course state machine's executions only).
 */
export class Sweeper extends Construct {
  readonly fn: lambda.Function;
  readonly schedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: SweeperProps) {
    super(scope, id);
    this.fn = new GroupFunction(this, 'Function', {
      entry: join(REPO_ROOT, 'lambdas', 'pipeline', 'entries', 'sweeper.ts'),
      service: 'sweeper',
      environment: { TABLE_NAME: props.table.tableName, STATE_MACHINE_ARN: props.courseWorkflow.stateMachineArn },
      memorySize: SWEEPER_FUNCTION_LIMITS.memoryMb,
      timeout: Duration.seconds(SWEEPER_FUNCTION_LIMITS.timeoutSeconds),
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    }).fn;
    // UpdateItem: the course and its job in one TransactWriteItems (authorized per item action).
    grantItems(this.fn, props.table, 'UpdateItem');
    grantIndexQuery(this.fn, props.table, runningJobIndex.name);
    grantStopExecutions(this.fn, props.courseWorkflow);

    this.schedule = everyFewMinutes(this, this.fn, SWEEP_EVERY_MINUTES, `Fails course generations that have not moved for a while (every ${SWEEP_EVERY_MINUTES} minutes).`);
  }
}
