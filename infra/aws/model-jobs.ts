import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { modelIdEnv, type ModelIds } from '../../lambdas/shared/ai/models';
import { MODEL_JOB_ARN_PLACEHOLDER } from '../../lambdas/pipeline/model-jobs-machine';
import { RESERVED_CONCURRENCY } from '../concurrency';
import { TASK_FUNCTION_LIMITS } from '../function-limits';
import { grantBedrock, grantItems } from './api-functions';
import { grantRetrievalEmbeddings } from './retrieval-grants';
import { GroupFunction } from './group-function';
import { REPO_ROOT } from './lambda-bundling';
import { taskStateMachine } from './task-state-machine';

/** The model-jobs ASL, shared with the local runner (infra/local/stepfunctions-pipeline.ts). */
export const MODEL_JOBS_ASL_PATH = join(REPO_ROOT, 'lambdas', 'pipeline', 'model-jobs.asl.json');

export interface ModelJobsProps {
  table: dynamodb.ITable;
  bedrock: ModelIds;
  production: boolean;
  /** `false` only in template tests (placeholder code instead of an esbuild bundle). */
  bundle?: boolean;
}

/**
 * The model calls the API does not wait on (lesson regeneration, evaluation bank, suggestions,
 * diplomado plan): a second small state machine from the shared ASL, whose every Task runs one
 * function (lambdas/pipeline/entries/model-job.ts). The routes start it; GET /jobs/{id} follows it.
 */
export class ModelJobs extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: ModelJobsProps) {
    super(scope, id);
    // The longest task is a lesson: the same limits as the course pipeline's Lesson task (below its 300 s state timeout).
    const limits = TASK_FUNCTION_LIMITS.Lesson;
    const { fn } = new GroupFunction(this, 'ModelJobTask', {
      entry: join(REPO_ROOT, 'lambdas', 'pipeline', 'entries', 'model-job.ts'),
      service: 'pipeline',
      environment: { TABLE_NAME: props.table.tableName, ...modelIdEnv(props.bedrock) },
      memorySize: limits.memoryMb,
      timeout: Duration.seconds(limits.timeoutSeconds),
      reservedConcurrency: RESERVED_CONCURRENCY.modelJobs,
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    });
    // Reads the course, lesson, evaluation and cache; writes lessons, banks, diplomados, the cache,
    // the job's end and the allowance given back.
    grantItems(fn, props.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query');
    grantBedrock(fn, props.bedrock);
    // Issue 24: a grounded course's lesson, written again, is retrieved for: its passages (Query) and the question's embedding.
    grantRetrievalEmbeddings(fn);
    this.fn = fn;

    this.stateMachine = taskStateMachine(this, { name: 'model-jobs', aslPath: MODEL_JOBS_ASL_PATH, placeholder: MODEL_JOB_ARN_PLACEHOLDER, fn, production: props.production });
  }
}
