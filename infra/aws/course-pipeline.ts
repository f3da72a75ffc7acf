import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelIdEnv, type ModelIds } from '../../lambdas/shared/ai/models';
import { TASK_ARN_PLACEHOLDERS, type TaskName } from '../../lambdas/pipeline/state-machine';
import { RESERVED_CONCURRENCY } from '../concurrency';
import { TASK_FUNCTION_LIMITS } from '../function-limits';
import { grantBedrock, grantItems } from './api-functions';
import { GroupFunction } from './group-function';
import { REPO_ROOT } from './lambda-bundling';
import { grantRetrievalEmbeddings } from './retrieval-grants';

/** The one ASL file, shared with the local runner (infra/local/stepfunctions-pipeline.ts). */
export const COURSE_ASL_PATH = join(REPO_ROOT, 'lambdas', 'pipeline', 'state-machine.asl.json');

export interface CoursePipelineProps {
  table: dynamodb.ITable;
  bedrock: ModelIds;
  production: boolean;
  /** `false` only in template tests (placeholder code instead of an esbuild bundle). */
  bundle?: boolean;
}

interface TaskSpec {
  file: string;
  /** DynamoDB actions the task's code calls; nothing else. */
  actions: string[];
  bedrock: boolean;
  /** Issue 24: embeds the lesson's question to retrieve the course's passages (lambdas/course-model/course-grounding.ts). */
  embeddings?: true;
}

const TASKS: Record<TaskName, TaskSpec> = {
  // PutItem and ConditionCheckItem: the lesson items are written in transactions that require the
  // course item (issue 20: a task still running after an account deletion recreates nothing).
  // The model budget's queue (issue 23, lambdas/pipeline/generation-queue.ts): a refused task puts its course's mark (PutItem), the next that gets through deletes it.
  // Query: a course built from the learner's materials reads their passages (issue 24: the outline's digest, the lesson's retrieval).
  Outline: { file: 'outline', actions: ['GetItem', 'UpdateItem', 'PutItem', 'ConditionCheckItem', 'DeleteItem', 'Query'], bedrock: true },
  Lesson: { file: 'lesson', actions: ['GetItem', 'UpdateItem', 'PutItem', 'DeleteItem', 'Query'], bedrock: true, embeddings: true },
  // Query on the model tasks: the turn queue (issue 35, lambdas/shared/ai/model-turns-store.ts) is read in order.
  Evaluation: { file: 'evaluation', actions: ['GetItem', 'UpdateItem', 'ConditionCheckItem', 'PutItem', 'DeleteItem', 'Query'], bedrock: true },
  Finalize: { file: 'finalize', actions: ['Query', 'UpdateItem', 'DeleteItem'], bedrock: false },
  MarkFailed: { file: 'mark-failed', actions: ['UpdateItem', 'DeleteItem'], bedrock: false },
  // Issue 15: stores the task token on the course while the learner edits the outline; reads it back on timeout.
  OutlineReview: { file: 'outline-review', actions: ['GetItem', 'UpdateItem', 'DeleteItem'], bedrock: false },
};

/** The tasks that call a model, each with a turn state run by its own function (TASK_STATE_ALIASES). */
const TURN_TASKS: TaskName[] = ['Outline', 'Lesson', 'Evaluation'];

/**
 * Course generation on AWS: the Step Functions state machine built from the shared ASL file,
 * with one Lambda per Task state substituted into its `${…FunctionArn}` placeholders.
 */
export class CoursePipeline extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly functions: Record<TaskName, lambda.Function>;

  constructor(scope: Construct, id: string, props: CoursePipelineProps) {
    super(scope, id);
    const functions = {} as Record<TaskName, lambda.Function>;
    for (const [task, spec] of Object.entries(TASKS) as [TaskName, TaskSpec][]) {
      const { fn } = new GroupFunction(this, `${task}Task`, {
        entry: join(REPO_ROOT, 'lambdas', 'pipeline', 'entries', `${spec.file}.ts`),
        service: 'pipeline',
        environment: { TABLE_NAME: props.table.tableName, ...modelIdEnv(props.bedrock) },
        // Timeout and memory: infra/function-limits.ts (each below its state's TimeoutSeconds).
        memorySize: TASK_FUNCTION_LIMITS[task].memoryMb,
        timeout: Duration.seconds(TASK_FUNCTION_LIMITS[task].timeoutSeconds),
        // Capped at what the Bedrock budget keeps busy, so courses never take the API's executions.
        reservedConcurrency: RESERVED_CONCURRENCY.pipeline[task],
        logLevel: props.production ? 'INFO' : 'DEBUG',
        production: props.production,
        bundle: props.bundle ?? true,
      });
      grantItems(fn, props.table, ...spec.actions);
      if (spec.bedrock) grantBedrock(fn, props.bedrock);
      if (spec.embeddings) grantRetrievalEmbeddings(fn);
      functions[task] = fn;
    }
    this.functions = functions;

    const logGroup = new logs.LogGroup(this, 'Logs', {
      // Under /aws/vendedlogs/states/: the prefix Step Functions' log delivery is meant for (CloudWatch
      // Logs resource policies stay small); the stack name keeps two stages of one account apart.
      logGroupName: `/aws/vendedlogs/states/${Stack.of(this).stackName}-course-pipeline`,
      retention: props.production ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      // Inline (not an S3 asset): the definition is small and reads the same in the template.
      definitionBody: sfn.DefinitionBody.fromString(readFileSync(COURSE_ASL_PATH, 'utf8')),
      definitionSubstitutions: Object.fromEntries(
        (Object.keys(TASKS) as TaskName[]).map((task) => [TASK_ARN_PLACEHOLDERS[task], functions[task].functionArn]),
      ),
      tracingEnabled: true,
      // Execution data holds lessons and learner ids: state transitions are logged, their data is not.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    for (const fn of Object.values(functions)) fn.grantInvoke(this.stateMachine);
    // Issue 35: the model tasks' turn states wake each other's waiting tasks (SendTaskSuccess on this
    // machine's tokens, lambdas/pipeline/turns.ts). A policy of its own: the functions' default
    // policies cannot name the machine, whose definition names the functions (a cycle).
    const callbacks = new iam.Policy(this, 'TurnCallbacks', {
      statements: [new iam.PolicyStatement({ actions: ['states:SendTaskSuccess'], resources: [this.stateMachine.stateMachineArn] })],
    });
    for (const task of TURN_TASKS) functions[task].role!.attachInlinePolicy(callbacks);

    // grantInvoke allows the function ARN with any version or alias suffix (`<arn>:*`).
    const stack = Stack.of(this);
    Validations.of(this.stateMachine).acknowledge(
      ...Object.values(functions).map((fn) => ({
        id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(fn.node.defaultChild as lambda.CfnFunction)}.Arn>:*]`,
        reason: 'The state machine invokes its own task functions; the suffix wildcard only covers their versions and aliases.',
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing and CloudWatch Logs delivery (logs:CreateLogDelivery and friends) have no resource-level permissions.',
      },
    );
  }
}
