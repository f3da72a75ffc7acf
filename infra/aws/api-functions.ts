import { Fn, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { RouteGroup } from '../../lambdas/contract/routes';
import { allFallbackIds } from '../../lambdas/shared/ai/model-table';
import { modelIdEnv, type ModelIds } from '../../lambdas/shared/ai/models';
import type { ApiResources } from './api-resources';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { grantRetrievalEmbeddings } from './retrieval-grants';
import { EMBEDDING_MODEL_ID } from '../../lambdas/materials';
import { grantMaterialObjects } from './materials-grants';
import { grantNarrationList, grantNarrationObjects, grantPolly } from './narration-grants';
import { grantFrameStore } from './lti-frames';

// THE place where a route group's Lambda gets its settings and permissions. A later issue that implements a group
// adds (or completes) its line here; api.ts applies it. Every group also gets TABLE_NAME and the Powertools variables
// (api.ts), nothing else by default. Timeouts and memory are in infra/function-limits.ts, for the CDK and local stack.

export type { ApiResources } from './api-resources';

export interface GroupWiring {
  /** Extra environment variables for the group's Lambda. */
  environment?: (r: ApiResources) => Record<string, string>;
  /** Least-privilege IAM: only the actions and resources the group's code calls. */
  grant?: (role: iam.IGrantable, r: ApiResources) => void;
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

/**
 * Converse and ConverseStream on the configured models and the model table's fallbacks (a call its
 * model cannot serve goes to the next of its purpose's list, lambdas/shared/ai/model-table.ts), directly
 * or through an inference profile of the stack's region (the US ones when the region is unknown at synth).
 */
export const grantBedrock = (role: iam.IGrantable, ids: ModelIds) => {
  const stack = Stack.of(role.grantPrincipal as unknown as IConstruct);
  const fallbacks = allFallbackIds(Token.isUnresolved(stack.region) ? 'us-east-1' : stack.region);
  const resources = [...new Set([ids.fast, ids.strong, ids.verifier, ...fallbacks].filter((id): id is string => Boolean(id)))].flatMap((id) => {
    // A cross-region profile (`us.…`, `eu.…`) routes to the model in any region of its geography.
    const model = id.replace(/^(us|eu|apac|global)\./, '');
    return [
      `arn:${stack.partition}:bedrock:*::foundation-model/${model}`,
      `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${id}`,
    ];
  });
  const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
  for (const arn of resources.filter((a) => a.includes(':*::'))) {
    Validations.of(role as unknown as IConstruct).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arn.replace(stack.partition, partition)}]`,
      reason: 'A cross-region inference profile may serve the request from any region of its geography; the model itself is fixed.',
    });
  }
  return iam.Grant.addToPrincipal({
    grantee: role,
    actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
    resourceArns: resources,
  });
};

const MODEL_ENV = (r: ApiResources) => ({
  ...modelIdEnv(r.bedrock),
  ...(r.modelJobs ? { MODEL_JOBS_STATE_MACHINE_ARN: r.modelJobs.stateMachineArn } : {}),
});

/** Evaluations queue an LMS aula's score, aulas retry one (docs/lti.md "Grades"): both start its job. */
const LMS_SCORES_ENV = (r: ApiResources): Record<string, string> => (r.lmsScores ? { LMS_SCORES_STATE_MACHINE_ARN: r.lmsScores.stateMachineArn } : {});
/** The pool id is the issuer's last path segment (`https://cognito-idp.<region>.<suffix>/<poolId>`). */
const userPoolIdOf = (r: ApiResources) => Fn.select(3, Fn.split('/', r.auth.issuer));

/**
 * StopExecution on the executions of one state machine: their names are job ids, unknown until run
 * time, so the resource ends in `*` (AWS's execution ARN is `…:execution:<machine name>:<name>`).
 */
export const grantStopExecutions = (role: iam.IGrantable, machine: sfn.IStateMachine) => {
  const stack = Stack.of(role.grantPrincipal as unknown as IConstruct);
  const name = Fn.select(6, Fn.split(':', machine.stateMachineArn));
  const pseudo = (value: string, token: string) => (Token.isUnresolved(value) ? `<AWS::${token}>` : value);
  const shown = `arn:${pseudo(stack.partition, 'Partition')}:states:${pseudo(stack.region, 'Region')}:${pseudo(stack.account, 'AccountId')}:execution:${JSON.stringify(stack.resolve(name))}:*`;
  Validations.of(role as unknown as IConstruct).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${shown}]`,
    reason: 'Executions are named after job ids known only at run time; StopExecution only, on this state machine only.',
  });
  return iam.Grant.addToPrincipal({
    grantee: role,
    actions: ['states:StopExecution'],
    resourceArns: [`arn:${stack.partition}:states:${stack.region}:${stack.account}:execution:${name}:*`],
  });
};

/** Cognito admin actions on this stack's user pool only. */
const grantUserPool = (role: iam.IGrantable, r: ApiResources, ...actions: string[]) => {
  const stack = Stack.of(role.grantPrincipal as unknown as IConstruct);
  return iam.Grant.addToPrincipal({
    grantee: role,
    actions,
    resourceArns: [`arn:${stack.partition}:cognito-idp:${stack.region}:${stack.account}:userpool/${userPoolIdOf(r)}`],
  });
};

export const groupWiring: Partial<Record<RouteGroup, GroupWiring>> = {
  // Cognito's SignUp, ConfirmSignUp, InitiateAuth, GetUser and RevokeToken are public APIs of the
  // app client. AdminUserGlobalSignOut: a password reset ends every session (issue 20), on this pool only.
  auth: {
    // The contact form (issue 34): its message and hourly counter in the sender's CONTACTO# partition, and the
    // operators' topic (Publish alone: its AWS-managed key needs no kms grant). docs/support.md
    environment: (r) => ({ USER_POOL_CLIENT_ID: r.auth.userPoolClientId, COGNITO_ISSUER: r.auth.issuer, USER_POOL_ID: userPoolIdOf(r), ...(r.contactTopic ? { CONTACT_TOPIC_ARN: r.contactTopic.topicArn } : {}) }),
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem');
      if (r.contactTopic) iam.Grant.addToPrincipal({ grantee: role, actions: ['sns:Publish'], resourceArns: [r.contactTopic.topicArn] });
      grantUserPool(role, r, 'cognito-idp:AdminUserGlobalSignOut');
    },
  },
  users: {
    // USER_POOL_ID for AdminDeleteUser; STRIPE_SECRET_ARN for the account closure (payments/account-closure.ts);
    // USER_POOL_CLIENT_ID to sign in again after a password change; the state machines whose executions
    // an account deletion stops (issue 20).
    environment: (r): Record<string, string> => ({
      USER_POOL_ID: userPoolIdOf(r),
      USER_POOL_CLIENT_ID: r.auth.userPoolClientId,
      ...(r.courseWorkflow ? { STATE_MACHINE_ARN: r.courseWorkflow.stateMachineArn } : {}),
      ...(r.modelJobs ? { MODEL_JOBS_STATE_MACHINE_ARN: r.modelJobs.stateMachineArn } : {}),
      ...(r.payments ? { STRIPE_SECRET_ARN: r.payments.secret.secretArn } : {}),
      ...(r.materialsBucket ? { MATERIALS_BUCKET: r.materialsBucket.bucketName } : {}),
    }),
    grant: (role, r) => {
      // PutItem/DeleteItem: a profile update also keeps the learner's topic index items (social) in step.
      // Query/BatchWriteItem: account export and deletion read and delete the learner's partition
      // (and the other side of each connection) by key: docs/data-model.md, "Account deletion and export".
      grantItems(role, r.table, 'GetItem', 'UpdateItem', 'PutItem', 'DeleteItem', 'Query', 'BatchWriteItem');
      // An account deletion signs the learner out everywhere, stops their running executions, then deletes the user (issue 20).
      grantUserPool(role, r, 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut');
      for (const machine of [r.courseWorkflow, r.modelJobs]) if (machine) grantStopExecutions(role, machine);
      r.payments?.secret.grantRead(role);
      // Account deletion erases the learner's uploaded originals, named by the materials in their partition (issue 24).
      if (r.materialsBucket) grantMaterialObjects(role, r.materialsBucket, 's3:DeleteObject');
      // ...and their narrated audio, found by its prefix narration/<sub>/ (issue 26).
      if (r.materialsBucket) {
        grantNarrationList(role, r.materialsBucket);
        grantNarrationObjects(role, r.materialsBucket, 's3:DeleteObject');
      }
    },
  },
  courses: {
    // STATE_MACHINE_ARN arrives when the stack passes `courseWorkflow` (mentora-stack.ts warns until then).
    environment: (r) => ({ ...MODEL_ENV(r), ...(r.courseWorkflow ? { STATE_MACHINE_ARN: r.courseWorkflow.stateMachineArn } : {}) }),
    grant: (role, r) => {
      // DeleteItem: an edited outline drops the lesson items of removed lessons (issue 15).
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query', 'BatchWriteItem', 'DeleteItem');
      grantIndexQuery(role, r.table, 'gsi1');
      grantBedrock(role, r.bedrock);
      r.courseWorkflow?.grantStartExecution(role);
      r.modelJobs?.grantStartExecution(role);
      // PUT /courses/{id}/outline resumes the course's execution waiting in OutlineReview (issue 15); nothing else.
      if (r.courseWorkflow) iam.Grant.addToPrincipal({ grantee: role, actions: ['states:SendTaskSuccess'], resourceArns: [r.courseWorkflow.stateMachineArn] });
    },
  },
  lessons: {
    environment: MODEL_ENV,
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query');
      grantBedrock(role, r.bedrock);
      r.modelJobs?.grantStartExecution(role);
    },
  },
  evaluations: {
    environment: (r) => ({ ...MODEL_ENV(r), ...LMS_SCORES_ENV(r) }),
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query');
      grantBedrock(role, r.bedrock);
      for (const machine of [r.modelJobs, r.lmsScores]) machine?.grantStartExecution(role);
    },
  },
  tutor: {
    environment: MODEL_ENV,
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query');
      grantBedrock(role, r.bedrock);
      // Issue 24: a course built from materials is answered from them first (the message's embedding; the stream function too).
      grantRetrievalEmbeddings(role);
    },
  },
  jobs: {
    // Query: a course waiting for the model budget counts the courses ahead of it (issue 23, lambdas/jobs/queue-position.ts).
    grant: (role, r) => grantItems(role, r.table, 'GetItem', 'Query'),
  },
  diplomado: {
    // Plans the programme on Bedrock and starts each course on the same state machine as /courses/plan.
    environment: (r) => ({ ...MODEL_ENV(r), ...(r.courseWorkflow ? { STATE_MACHINE_ARN: r.courseWorkflow.stateMachineArn } : {}) }),
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query');
      grantIndexQuery(role, r.table, 'gsi1');
      grantBedrock(role, r.bedrock);
      r.courseWorkflow?.grantStartExecution(role);
      r.modelJobs?.grantStartExecution(role);
    },
  },
  social: {
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchGetItem');
      grantIndexQuery(role, r.table, 'gsi1');
    },
  },
  payments: {
    // The Stripe keys are read from Secrets Manager at cold start: only the secret's ARN is in the environment.
    environment: (r): Record<string, string> =>
      r.payments
        ? { STRIPE_SECRET_ARN: r.payments.secret.secretArn, STRIPE_PRICE_MONTHLY: r.payments.priceMonthly, STRIPE_PRICE_YEARLY: r.payments.priceYearly, SITE_URL: r.payments.siteOrigin }
        : {},
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem');
      grantIndexQuery(role, r.table, 'gsi2');
      r.payments?.secret.grantRead(role);
    },
  },
  review: {
    // Cards and activity live in the learner's partition; "due now" is one Query of gsi2 (docs/review.md).
    // A rating is one TransactWriteItems (UpdateItem); issue 32: open answers graded by a model job (PutItem: job, lock).
    environment: (r): Record<string, string> => (r.modelJobs ? { MODEL_JOBS_STATE_MACHINE_ARN: r.modelJobs.stateMachineArn } : {}),
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query');
      grantIndexQuery(role, r.table, 'gsi2');
      r.modelJobs?.grantStartExecution(role);
    },
  },
  certificates: {
    // SITE_URL: printed in the PDF as the verification address (docs/certificates.md).
    environment: (r): Record<string, string> => (r.payments ? { SITE_URL: r.payments.siteOrigin } : {}),
    grant: (role, r) => grantItems(role, r.table, 'GetItem', 'Query'),
  },
  materials: {
    environment: (r): Record<string, string> => (r.materialsBucket ? { MATERIALS_BUCKET: r.materialsBucket.bucketName } : {}),
    // Materials, their passages and their count in the learner's partition (docs/materials.md); the plan is read
    // from PROFILE. A create or delete is one TransactWriteItems (authorised as UpdateItem, PutItem, DeleteItem);
    // the month's spend is a transaction with checks of PROFILE and the deletion marker (ConditionCheckItem).
    // InvokeModel on the embedding model only (lambdas/materials/embeddings.ts), in the stack's region.
    // Files: PutObject is what S3 authorises a presigned POST form as; GetObject for the document link; DeleteObject.
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchWriteItem', 'ConditionCheckItem');
      if (r.materialsBucket) grantMaterialObjects(role, r.materialsBucket, 's3:PutObject', 's3:GetObject', 's3:DeleteObject');
      const stack = Stack.of(role.grantPrincipal as unknown as IConstruct);
      iam.Grant.addToPrincipal({
        grantee: role,
        actions: ['bedrock:InvokeModel'],
        resourceArns: [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${EMBEDDING_MODEL_ID}`],
      });
    },
  },
  narration: {
    environment: (r): Record<string, string> => (r.materialsBucket ? { MATERIALS_BUCKET: r.materialsBucket.bucketName } : {}),
    // The lesson and the profile (GetItem), the job (PutItem), the month's minutes and spend (UpdateItem; the spend
    // checks PROFILE and the deletion marker: ConditionCheckItem), the tutor's turns (Query) (docs/narration.md).
    // Polly's three calls; the audio under narration/ only: Polly's task writes with the caller's permissions (PutObject),
    // the Lambda stores a tutor answer or a sample (PutObject), checks one is there (HeadObject: GetObject) and links it.
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'Query', 'ConditionCheckItem');
      grantPolly(role);
      if (r.materialsBucket) grantNarrationObjects(role, r.materialsBucket, 's3:PutObject', 's3:GetObject');
    },
  },
  scorm: {
    // Reads only: the course, its lessons and its banks in the learner's partition (one Query; docs/scorm.md).
    grant: (role, r) => grantItems(role, r.table, 'Query'),
  },
  sharing: {
    // The owner's course in their partition, the public SHARE#<id> pointer, the copier's new course (docs/sharing.md).
    // Publishing, withdrawing and copying are each one TransactWriteItems (authorised per action, ConditionCheckItem
    // for the copier's PROFILE and deletion marker); the public read is one GetItem and one Query.
    grant: (role, r) => grantItems(role, r.table, 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'ConditionCheckItem'),
  },
  aulas: {
    // Aula, member and code items (AULA#, AULACODE#), the pointers, counts and copies in the learners' partitions; the
    // teacher's view reads members' copies by BatchGetItem (docs/aulas.md). Joins, leaves and copies are TransactWriteItems.
    environment: LMS_SCORES_ENV, grant: (role, r) => (grantItems(role, r.table, 'GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchWriteItem'), r.lmsScores?.grantStartExecution(role)),
  },
  lti: {
    // docs/lti.md "Data model" (LMS aula, copies); keys by ARN; SITE_URL; a launch's account on this pool only; the frame store (lti-frames.ts).
    environment: (r): Record<string, string> => ({ ...(r.ltiKeys ? { LTI_KEYS_SECRET_ARN: r.ltiKeys.secretArn } : {}), ...(r.payments ? { SITE_URL: r.payments.siteOrigin } : {}), USER_POOL_ID: userPoolIdOf(r), USER_POOL_CLIENT_ID: r.auth.userPoolClientId, ...(r.ltiFrames ? { LTI_FRAME_STORE_ARN: r.ltiFrames.keyValueStoreArn } : {}) }),
    grant: (role, r) => {
      grantItems(role, r.table, 'GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem');
      r.ltiKeys?.grantRead(role);
      if (r.ltiFrames) grantFrameStore(role, r.ltiFrames);
      grantUserPool(role, r, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminRespondToAuthChallenge');
    },
  },
};
