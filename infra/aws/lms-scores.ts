import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { LMS_SCORE_ARN_PLACEHOLDER } from '../../lambdas/lti/score-machine';
import { grantItems } from './api-functions';
import { GroupFunction } from './group-function';
import { REPO_ROOT } from './lambda-bundling';
import { taskStateMachine } from './task-state-machine';

/** The lms-scores ASL (docs/lti.md "Grades"), shared with the local runner (infra/local/stepfunctions-pipeline.ts). */
export const LMS_SCORES_ASL_PATH = join(REPO_ROOT, 'lambdas', 'lti', 'lms-scores.asl.json');

export interface LmsScoresProps {
  table: dynamodb.ITable;
  ltiKeys: secrets.ISecret;
  production: boolean;
  /** `false` only in template tests (placeholder code instead of an esbuild bundle). */
  bundle?: boolean;
}

/**
 * Scores sent back to the school's LMS (issue 45 item 4): a small state machine whose Task posts one queued
 * score to its AGS line item (lambdas/lti/score-job-handler.ts), retried with backoff while the platform is
 * unavailable, and records the failure for the teacher otherwise. The evaluations route queues a score and
 * starts it; the aulas route starts it again on the teacher's retry.
 */
export class LmsScores extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: LmsScoresProps) {
    super(scope, id);
    const { fn } = new GroupFunction(this, 'ScoreTask', {
      entry: join(REPO_ROOT, 'lambdas', 'lti', 'score-job-handler.ts'),
      service: 'lti',
      environment: { TABLE_NAME: props.table.tableName, LTI_KEYS_SECRET_ARN: props.ltiKeys.secretArn },
      memorySize: 512,
      // Two platform calls of at most 5 s each (the token, the score), and a retry with a fresh token.
      timeout: Duration.seconds(30),
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    });
    // Reads the score and the platform's registration; writes the score's state.
    grantItems(fn, props.table, 'GetItem', 'UpdateItem');
    props.ltiKeys.grantRead(fn);
    this.fn = fn;

    this.stateMachine = taskStateMachine(this, { name: 'lms-scores', aslPath: LMS_SCORES_ASL_PATH, placeholder: LMS_SCORE_ARN_PLACEHOLDER, fn, production: props.production });
  }
}
