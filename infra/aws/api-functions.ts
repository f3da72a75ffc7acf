import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { RouteGroup } from '../../lambdas/contract/routes';

// THE place where a route group's Lambda gets its settings and permissions. A later issue that
// implements a group adds (or completes) its line here; api.ts applies it. Every group also gets
// TABLE_NAME and the Powertools variables (api.ts), nothing else by default.

/** What the stack hands to the group wiring; optional members arrive with later issues. */
export interface ApiResources {
  table: dynamodb.ITable;
  auth: { userPoolClientId: string; issuer: string };
  /** EXTENSION POINT (courses): the course-generation state machine from infra/aws/course-pipeline.ts. */
  courseWorkflow?: sfn.IStateMachine;
  /** EXTENSION POINT (courses, lessons, evaluations, diplomado, tutor): Bedrock model ids to invoke. */
  bedrock?: { modelIds: string[] };
  /** EXTENSION POINT (payments): Stripe API key and webhook signing secret in Secrets Manager. */
  stripe?: { apiKey: secrets.ISecret; webhookSecret: secrets.ISecret };
}

export interface GroupWiring {
  /** Extra environment variables for the group's Lambda. */
  environment?: (r: ApiResources) => Record<string, string>;
  /** Least-privilege IAM: only the actions and resources the group's code calls. */
  grant?: (role: iam.IGrantable, r: ApiResources) => void;
  memorySize?: number;
  timeout?: Duration;
}

/** DynamoDB item actions on the base table only (no index, no Scan). */
export const grantItems = (role: iam.IGrantable, table: dynamodb.ITable, ...actions: string[]) =>
  iam.Grant.addToPrincipal({
    grantee: role,
    actions: actions.map((a) => `dynamodb:${a}`),
    resourceArns: [table.tableArn],
  });

/** Query on named indexes, for groups that read a GSI (docs/data-model.md says which). */
export const grantIndexQuery = (role: iam.IGrantable, table: dynamodb.ITable, ...indexes: string[]) =>
  iam.Grant.addToPrincipal({
    grantee: role,
    actions: ['dynamodb:Query'],
    resourceArns: indexes.map((i) => `${table.tableArn}/index/${i}`),
  });

export const groupWiring: Partial<Record<RouteGroup, GroupWiring>> = {
  // Cognito's SignUp, ConfirmSignUp, InitiateAuth, GetUser and RevokeToken are public APIs of the
  // app client: the auth Lambda needs no Cognito IAM permission at all.
  auth: {
    environment: (r) => ({ USER_POOL_CLIENT_ID: r.auth.userPoolClientId, COGNITO_ISSUER: r.auth.issuer }),
    grant: (role, r) => grantItems(role, r.table, 'GetItem', 'UpdateItem'),
  },
  users: {
    grant: (role, r) => grantItems(role, r.table, 'GetItem', 'UpdateItem'),
  },
  // Later issues, for example:
  // courses: {
  //   environment: (r) => ({ COURSE_WORKFLOW_ARN: r.courseWorkflow!.stateMachineArn, BEDROCK_MODEL_ID: r.bedrock!.modelIds[0] }),
  //   grant: (role, r) => { grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query'); r.courseWorkflow!.grantStartExecution(role); },
  //   timeout: Duration.seconds(29),
  // },
  // payments: { environment: (r) => ({ STRIPE_SECRET_ARN: r.stripe!.apiKey.secretArn }), grant: (role, r) => r.stripe!.apiKey.grantRead(role) },
};

/** Defaults for a group without its own numbers: API Gateway gives up on an integration at 30 s. */
export const DEFAULT_MEMORY_MB = 1024;
export const DEFAULT_TIMEOUT = Duration.seconds(10);
