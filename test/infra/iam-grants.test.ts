import { allFallbackIds } from '../../lambdas/shared/ai/model-table';
import { routes } from '../../lambdas/contract/routes';
import { builtGroups } from '../../infra/aws/lambda-bundling';
import { ENVIRONMENTS } from '../../infra/environments';
import { FULL_CONTEXT, resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';
import { allow, render, roleGrants, type RoleGrants } from './template-grants';

// Least privilege, pinned: every role of the template and EXACTLY what it may do, action by action
// and resource by resource. Widening any grant (one more action, an index, a wildcard, another
// model or secret) fails here, and so does a new role nobody wrote a row for.

const MODELS = { fast: 'us.fast-model-v1:0', strong: 'strong-model-v2:0', verifier: 'us.verifier-model-v1:0' };

const TABLE = '${DataTable.Arn}';
const index = (name: string) => `${TABLE}/index/${name}`;
const items = (...actions: string[]) => ({ [TABLE]: actions.map((a) => `dynamodb:${a}`) });
const indexQuery = (name: string) => ({ [index(name)]: ['dynamodb:Query'] });
const STATE_MACHINE = '${CoursePipelineStateMachine}';
const startCourses = { [STATE_MACHINE]: ['states:StartExecution'] };
// The routes that call a model start a model job instead (infra/aws/model-jobs.ts).
const startModelJobs = { '${ModelJobsStateMachine}': ['states:StartExecution'] };
// An LMS aula's attempt queues its score, the teacher's retry starts it again (infra/aws/lms-scores.ts, issue 45).
const startLmsScores = { '${LmsScoresStateMachine}': ['states:StartExecution'] };
const STRIPE_SECRET = '${PaymentsStripeSecret}';
// The configured models and the model table's fallbacks as the production region's (eu-west-1) profiles
// (issue 22): the foundation model in any region its profile routes to, and the profile here.
const bedrock = Object.fromEntries(
  [MODELS.fast, MODELS.strong, MODELS.verifier, ...allFallbackIds('eu-west-1')].flatMap((id) => [
    `arn:\${AWS::Partition}:bedrock:*::foundation-model/${id.replace(/^(us|eu)\./, '')}`,
    `arn:\${AWS::Partition}:bedrock:\${AWS::Region}:\${AWS::AccountId}:inference-profile/${id}`,
  ]).map((arn) => [arn, ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream']]),
);

// Issue 24: retrieval from a learner's materials embeds the question with the materials' model (tutor, Lesson task).
const embedding = { 'arn:${AWS::Partition}:bedrock:${AWS::Region}::foundation-model/amazon.titan-embed-text-v2:0': ['bedrock:InvokeModel'] };

const USER_POOL = 'arn:${AWS::Partition}:cognito-idp:${AWS::Region}:${AWS::AccountId}:userpool/${AuthUserPool}';
/** Every execution of one state machine: `…:execution:<its name, the ARN's 7th field>:*`. */
const executions = (machine: string) => `arn:aws:states:eu-west-1:\${AWS::AccountId}:execution:select(6, ':', \${${machine}}):*`;

/** API Lambdas, by route group (its Lambda is `Api<Group>Function`). */
const EMBEDDING_MODEL = 'arn:${AWS::Partition}:bedrock:${AWS::Region}::foundation-model/amazon.titan-embed-text-v2:0';
const MATERIAL_OBJECTS = '${MaterialsBucket.Arn}/materials/*';
// Narrated audio (issue 26): objects under narration/ of the same bucket, and Polly's calls (no resource but lexicons: `*`).
const NARRATION_OBJECTS = '${MaterialsBucket.Arn}/narration/*';
const POLLY = { '*': ['polly:SynthesizeSpeech', 'polly:StartSpeechSynthesisTask', 'polly:GetSpeechSynthesisTask'] };

const API: Record<string, string[]> = {
  // Cognito's user-pool calls of the app client are public APIs; AdminUserGlobalSignOut on this pool:
  // a password reset ends every session (issue 20).
  // The contact form (issue 34): its message and hourly counter (PutItem, UpdateItem) and the operators' topic.
  auth: allow(items('GetItem', 'PutItem', 'UpdateItem'), { [USER_POOL]: ['cognito-idp:AdminUserGlobalSignOut'] }, { '${SupportContactTopic}': ['sns:Publish'] }),
  // Query/BatchWriteItem: export and deletion of the learner's partition; AdminDeleteUser and the
  // Stripe secret: DELETE /users/me deletes the Cognito user and closes the Stripe customer (issue 14);
  // AdminUserGlobalSignOut and StopExecution on the two state machines' executions: it also ends every
  // session and stops the learner's running generations and model jobs (issue 20).
  users: allow(
    items('GetItem', 'UpdateItem', 'PutItem', 'DeleteItem', 'Query', 'BatchWriteItem'),
    { [USER_POOL]: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut'] },
    { [executions('CoursePipelineStateMachine')]: ['states:StopExecution'], [executions('ModelJobsStateMachine')]: ['states:StopExecution'] },
    { [STRIPE_SECRET]: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'] },
    // The originals of the learner's uploaded materials, named by the MATERIAL# items of the partition (issue 24).
    { [MATERIAL_OBJECTS]: ['s3:DeleteObject'] },
    // ...and their narrated audio, listed by the prefix narration/<sub>/ (ListBucket only for keys under narration/: UNUSUAL below).
    { [NARRATION_OBJECTS]: ['s3:DeleteObject'], '${MaterialsBucket.Arn}': ['s3:ListBucket'] },
  ),
  // SendTaskSuccess: PUT /courses/{id}/outline resumes the execution waiting for the learner's outline (issue 15).
  courses: allow(items('GetItem', 'PutItem', 'UpdateItem', 'Query', 'BatchWriteItem', 'DeleteItem'), indexQuery('gsi1'), bedrock, startCourses, { [STATE_MACHINE]: ['states:SendTaskSuccess'] }, startModelJobs),
  lessons: allow(items('GetItem', 'PutItem', 'UpdateItem', 'Query'), bedrock, startModelJobs),
  evaluations: allow(items('GetItem', 'PutItem', 'UpdateItem', 'Query'), bedrock, startModelJobs, startLmsScores),
  tutor: allow(items('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'), bedrock, embedding),
  jobs: allow(items('GetItem', 'Query')),
  diplomado: allow(items('GetItem', 'PutItem', 'UpdateItem', 'Query'), indexQuery('gsi1'), bedrock, startCourses, startModelJobs),
  social: allow(items('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchGetItem'), indexQuery('gsi1')),
  payments: allow(items('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'), indexQuery('gsi2'), {
    [STRIPE_SECRET]: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
  }),
  // Reads a certificate (public or the owner's) and lists the owner's pointers (issue 15).
  certificates: allow(items('GetItem', 'Query')),
  // Review cards and activity buckets in the learner's partition; "due now" on gsi2 (issue 15). A rating's TransactWriteItems is authorised as UpdateItem.
  // Issue 32: open answers are graded by a model job (the job and its lock: PutItem).
  review: allow(items('GetItem', 'PutItem', 'UpdateItem', 'Query'), indexQuery('gsi2'), startModelJobs),
  // Materials, passages and their count in the learner's partition, and the embedding model (issue 24); the
  // month's spend checks PROFILE and the deletion marker (ConditionCheckItem). Files: PutObject is what a
  // presigned POST form is authorised as, GetObject the document link, DeleteObject with the material.
  materials: allow(items('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchWriteItem', 'ConditionCheckItem'), {
    [EMBEDDING_MODEL]: ['bedrock:InvokeModel'],
    [MATERIAL_OBJECTS]: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
  }),
  // Aulas (issue 25): their own partitions, members' pointers and copies, the teacher's view by BatchGetItem.
  aulas: allow(items('GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchWriteItem'), startLmsScores),
  // Narration (issue 26): the lesson, profile, job, minutes and spend (ConditionCheckItem), the tutor's turns (Query);
  // Polly; the audio under narration/ only (Polly's task writes with the caller's PutObject, HeadObject is GetObject).
  narration: allow(items('GetItem', 'PutItem', 'UpdateItem', 'Query', 'ConditionCheckItem'), POLLY, { [NARRATION_OBJECTS]: ['s3:PutObject', 's3:GetObject'] }),
  // The SCORM export only reads the owner's course partition (issue 25): one Query, no write.
  scorm: allow(items('Query')),
  // Sharing (issue 25): the owner's course, the public SHARE# pointer and the copier's new course; copies check the copier's PROFILE (ConditionCheckItem).
  sharing: allow(items('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'ConditionCheckItem')),
  // LTI 1.3 (issue 45): registrations, single-use states and nonces, verified launches (transactions of Put and Delete); the tool's keys.
  // A launch's account and session (docs/lti.md "Signing in") on this pool only; the LMS course's aula and its copies.
  lti: allow(
    items('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'),
    { '${LtiSecret}': ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'] },
    { [USER_POOL]: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminRespondToAuthChallenge'] },
    // A registration publishes its origins to CloudFront's frame store (docs/lti.md "Inside the LMS's iframe"): its ETag, one key (deleted with it).
    { '${LtiFramesStore.Arn}': ['cloudfront-keyvaluestore:DeleteKey', 'cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey'] },
  ),
};

const turnCallbacks = { '${CoursePipelineStateMachine}': ['states:SendTaskSuccess'] };

/** Course pipeline task Lambdas, by Task state. */
const TASKS: Record<string, string[]> = {
  // Lesson items and banks are written in transactions that require the course item (issue 20).
  // The model budget's queue (issue 23): a refused task marks its course waiting (PutItem), the next that gets through deletes the mark.
  // Query: a course built from materials reads their passages (issue 24); the Lesson task embeds its question.
  // Issue 35: the model tasks' turn states read the turn queue (Query) and wake each other's waiting tasks (SendTaskSuccess).
  Outline: allow(items('GetItem', 'UpdateItem', 'PutItem', 'ConditionCheckItem', 'DeleteItem', 'Query'), bedrock, turnCallbacks),
  Lesson: allow(items('GetItem', 'UpdateItem', 'PutItem', 'DeleteItem', 'Query'), bedrock, embedding, turnCallbacks),
  Evaluation: allow(items('GetItem', 'UpdateItem', 'ConditionCheckItem', 'PutItem', 'DeleteItem', 'Query'), bedrock, turnCallbacks),
  Finalize: allow(items('Query', 'UpdateItem', 'DeleteItem')),
  MarkFailed: allow(items('UpdateItem', 'DeleteItem')),
  OutlineReview: allow(items('GetItem', 'UpdateItem', 'DeleteItem')),
};

const taskArn = (task: string) => `\${CoursePipeline${task}TaskFunction.Arn}`;
const OTHER_ROLES: Record<string, string[]> = {
  // Invokes its five tasks (any version: `:*`); log delivery and X-Ray have no resource-level permissions.
  CoursePipelineStateMachineRole: allow(
    Object.fromEntries(Object.keys(TASKS).flatMap((t) => [[taskArn(t), ['lambda:InvokeFunction']], [`${taskArn(t)}:*`, ['lambda:InvokeFunction']]])),
    { '*': ['logs:CreateLogDelivery', 'logs:GetLogDelivery', 'logs:UpdateLogDelivery', 'logs:DeleteLogDelivery', 'logs:ListLogDeliveries', 'logs:PutResourcePolicy', 'logs:DescribeResourcePolicies', 'logs:DescribeLogGroups'] },
    { '*': ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'xray:GetSamplingRules', 'xray:GetSamplingTargets'] },
  ),
  // The one model-jobs task: reads and writes lessons, banks, diplomados, the cache, the job and the allowance given back.
  // Query and the embedding model: a grounded course's lesson is written again from its retrieved passages (issue 24).
  ModelJobsModelJobTaskFunction: allow(items('GetItem', 'PutItem', 'UpdateItem', 'Query'), bedrock, embedding),
  // The LMS scores' task (issue 45, docs/lti.md "Grades"): reads a score and the registration, writes the score's state; signs with the tool's key.
  LmsScoresScoreTaskFunction: allow(items('GetItem', 'UpdateItem'), { '${LtiSecret}': ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'] }),
  LmsScoresStateMachineRole: allow(
    { '${LmsScoresScoreTaskFunction.Arn}': ['lambda:InvokeFunction'], '${LmsScoresScoreTaskFunction.Arn}:*': ['lambda:InvokeFunction'] },
    { '*': ['logs:CreateLogDelivery', 'logs:GetLogDelivery', 'logs:UpdateLogDelivery', 'logs:DeleteLogDelivery', 'logs:ListLogDeliveries', 'logs:PutResourcePolicy', 'logs:DescribeResourcePolicies', 'logs:DescribeLogGroups'] },
    { '*': ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'xray:GetSamplingRules', 'xray:GetSamplingTargets'] },
  ),
  ModelJobsStateMachineRole: allow(
    { '${ModelJobsModelJobTaskFunction.Arn}': ['lambda:InvokeFunction'], '${ModelJobsModelJobTaskFunction.Arn}:*': ['lambda:InvokeFunction'] },
    { '*': ['logs:CreateLogDelivery', 'logs:GetLogDelivery', 'logs:UpdateLogDelivery', 'logs:DeleteLogDelivery', 'logs:ListLogDeliveries', 'logs:PutResourcePolicy', 'logs:DescribeResourcePolicies', 'logs:DescribeLogGroups'] },
    { '*': ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'xray:GetSamplingRules', 'xray:GetSamplingTargets'] },
  ),
  // CDK's BucketDeployment: reads the asset from the bootstrap bucket, writes the site bucket, invalidates.
  CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C512MiB: allow(
    Object.fromEntries(['', '/*'].map((s) => [`arn:\${AWS::Partition}:s3:::cdk-hnb659fds-assets-\${AWS::AccountId}-\${AWS::Region}${s}`, ['s3:GetObject*', 's3:GetBucket*', 's3:List*']])),
    Object.fromEntries(['', '/*'].map((s) => [`\${WebSite.Arn}${s}`, ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:PutObject', 's3:PutObjectLegalHold', 's3:PutObjectRetention', 's3:PutObjectTagging', 's3:PutObjectVersionTagging', 's3:Abort*']])),
    { '*': ['cloudfront:GetInvalidation', 'cloudfront:CreateInvalidation'] },
  ),
};

// The stale-job sweeper (infra/aws/sweeper.ts): Queries the running-jobs index, fails course and job with
// one TransactWriteItems (authorised as UpdateItem) and stops those jobs' executions, on the course
// state machine only; its schedule's role invokes it and nothing else.
OTHER_ROLES.SweeperFunction = allow(items('UpdateItem'), indexQuery('gsi2'), { [executions('CoursePipelineStateMachine')]: ['states:StopExecution'] });
OTHER_ROLES.SweeperScheduleRole = allow({ '${SweeperFunction.Arn}': ['lambda:InvokeFunction'], '${SweeperFunction.Arn}:*': ['lambda:InvokeFunction'] });

// The LTI queue's run (infra/aws/lti-expiry.ts): the LTIEXPIRY partition's due entries (Query), the registrations, their
// pointers, counts and queue entries (transactions authorised per action), the frame store's keys; its schedule's role
// invokes it and nothing else.
OTHER_ROLES.LtiExpiryFunction = allow(items('GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'), {
  '${LtiFramesStore.Arn}': ['cloudfront-keyvaluestore:DeleteKey', 'cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey'],
});
OTHER_ROLES.LtiExpiryScheduleRole = allow({ '${LtiExpiryFunction.Arn}': ['lambda:InvokeFunction'], '${LtiExpiryFunction.Arn}:*': ['lambda:InvokeFunction'] });

// The uploaded-material processor (infra/aws/materials-bucket.ts): the material and its passages, the plan and the
// month's spend, the embedding model, the upload it reads, the copy of it the document link serves (issue 31),
// and deleting either (a failed job, a material gone, a second upload through the same form).
OTHER_ROLES.MaterialsProcessorFunction = allow(items('GetItem', 'UpdateItem', 'Query', 'BatchWriteItem', 'ConditionCheckItem'), {
  [EMBEDDING_MODEL]: ['bedrock:InvokeModel'],
  [MATERIAL_OBJECTS]: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
});
// CDK's handler that sets the bucket's notification at deploy (a custom resource), on the materials bucket only.
OTHER_ROLES.BucketNotificationsHandler050a0587b7544547bf325f094a3db834 = allow({ '${MaterialsBucket.Arn}': ['s3:PutBucketNotification'] });

// Cognito's pre-sign-up trigger (lambdas/auth/pre-sign-up.ts): finds the learner with the email and links the provider identity to it, on this pool only.
// Its Verify trigger of the one-time sign-in spends a proof on the table (docs/lti.md "Signing in"): DeleteItem only.
OTHER_ROLES.AuthPreSignUpFunction = allow({ '${AuthUserPool.Arn}': ['cognito-idp:ListUsers', 'cognito-idp:AdminLinkProviderForUser'] }, items('DeleteItem'));

// The tutor's streamed chat (infra/aws/tutor-stream.ts): the tutor's grants only. On the site's own
// domain (this synth) its app client id is an environment variable: no Cognito call, no Cognito grant.
OTHER_ROLES.TutorStreamFunction = API.tutor;

const apiFunction = (group: string) => `Api${group[0].toUpperCase()}${group.slice(1)}Function`;
// Every API Lambda reads the origin secret CloudFront sends (lambdas/shared/http.ts; issue 20 item 6), and only they do.
const ORIGIN_SECRET_READ = allow({ '${ApiOriginSecret}': ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'] });
const EXPECTED: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(API).map(([group, grants]) => [apiFunction(group), [...grants, ...ORIGIN_SECRET_READ]])),
  ...Object.fromEntries(Object.entries(TASKS).map(([task, grants]) => [`CoursePipeline${task}TaskFunction`, grants])),
  ...OTHER_ROLES,
};
const BASIC_EXECUTION = 'arn:${AWS::Partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';
// Every function is traced (infra/aws/group-function.ts): X-Ray's two write actions, which have no resource-level permissions.
const XRAY_WRITE = allow({ '*': ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'] });
for (const owner of Object.keys(EXPECTED).filter((o) => o.endsWith('Function'))) EXPECTED[owner] = [...EXPECTED[owner], ...XRAY_WRITE].sort();
// The production stack's region is known at synth (infra/environments.ts): CDK writes it, and its partition, as text.
const concrete = (arn: string) => arn.replaceAll('${AWS::Partition}', 'aws').replaceAll('${AWS::Region}', ENVIRONMENTS.prod.region);
for (const owner of Object.keys(EXPECTED)) EXPECTED[owner] = EXPECTED[owner].map(concrete).sort();

// Statements with more than Effect, Action and Resource, pinned whole: account deletion lists the bucket's keys under narration/ only.
const UNUSUAL: Record<string, unknown[]> = {
  ApiUsersFunction: [{ Effect: 'Allow', Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [expect.stringMatching(/^MaterialsBucket/), 'Arn'] }, Condition: { StringLike: { 's3:prefix': 'narration/*' } } }],
};

describe('IAM of a production deployment', () => {
  let roles: Map<string, RoleGrants>;
  let json: CfnTemplate;
  beforeAll(() => {
    ({ json } = templatesOf({ ...FULL_CONTEXT, modelFastId: MODELS.fast, modelStrongId: MODELS.strong, modelVerifierId: MODELS.verifier }));
    roles = new Map(roleGrants(json).map((r) => [r.owner, r]));
  });

  it('has a row in this table for every role, and a role for every row', () => {
    expect([...roles.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('gives every route group with a handler its own pinned role', () => {
    expect(builtGroups().map(apiFunction).sort()).toEqual(Object.keys(API).map(apiFunction).sort());
  });

  it.each(Object.keys(EXPECTED))('lets %s do exactly what its row says', (owner) => {
    const role = roles.get(owner);
    expect(role?.grants).toEqual(EXPECTED[owner]);
    expect(role?.unusual).toEqual(UNUSUAL[owner] ?? []);
  });

  it.each(Object.keys(EXPECTED).filter((o) => o.endsWith('Function') || o.endsWith('MiB')))(
    'attaches to %s only the policy that writes its own logs',
    (owner) => {
      expect(roles.get(owner)?.managedPolicies).toEqual([BASIC_EXECUTION]);
    },
  );

  it('grants the model table\'s fallbacks by name in the production region, and no model past its end of life', () => {
    // Nova Pro for the writers, Nova Micro for the short purposes, Claude Haiku 4.5 then Sonnet 4.5 for
    // the blind verifier (gpt-oss since issue 33; Claude 3 Haiku reached its Bedrock end of life on
    // 2026-09-10: granting it would be dead weight).
    expect(allFallbackIds(ENVIRONMENTS.prod.region).sort()).toEqual(['eu.amazon.nova-micro-v1:0', 'eu.amazon.nova-pro-v1:0', 'eu.anthropic.claude-haiku-4-5-20251001-v1:0', 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0']);
    expect(JSON.stringify(json)).not.toContain('claude-3-haiku');
  });

  it('attaches no managed policy to the state machine', () => {
    expect(roles.get('CoursePipelineStateMachineRole')?.managedPolicies).toEqual([]);
  });

  it('lets only this HTTP API invoke a Lambda, once per path of its route group and on that path only', () => {
    // CloudFront's permission on the tutor's Function URL is pinned in test/infra/tutor-stream.test.ts.
    const all = resourcesOfType(json, 'AWS::Lambda::Permission').map(([, p]) => p.Properties);
    // Cognito invokes the pre-sign-up trigger (also its custom-message trigger and the one-time sign-in's three), for this pool only.
    expect(all.filter((p) => p.Principal === 'cognito-idp.amazonaws.com').map((p) => [render(p.FunctionName), render(p.SourceArn)])).toEqual(
      Array(5).fill(['${AuthPreSignUpFunction.Arn}', '${AuthUserPool.Arn}']),
    );
    // S3 invokes the materials processor, for the materials bucket of this account only.
    expect(all.filter((p) => p.Principal === 's3.amazonaws.com').map((p) => [render(p.FunctionName), render(p.SourceArn), render(p.SourceAccount)])).toEqual([
      ['${MaterialsProcessorFunction.Arn}', '${MaterialsBucket.Arn}', '${AWS::AccountId}'],
    ]);
    const permissions = all.filter((p) => !['cloudfront.amazonaws.com', 'cognito-idp.amazonaws.com', 's3.amazonaws.com'].includes(p.Principal));
    for (const p of permissions) expect([p.Action, p.Principal, Object.keys(p).sort()]).toEqual(['lambda:InvokeFunction', 'apigateway.amazonaws.com', ['Action', 'FunctionName', 'Principal', 'SourceArn']]);
    // Any stage and method, the route's own path: `<api>/<stage>/<method>/<path>`. One permission per
    // group and path (infra/aws/path-scoped-integration.ts): the GET and DELETE of one path share it.
    const api = concrete('arn:${AWS::Partition}:execute-api:${AWS::Region}:${AWS::AccountId}:${ApiHttpApi}/*/*');
    const groupPaths = [...new Map(routes.map((r) => [`${r.group} ${r.path}`, r.path])).values()];
    expect(groupPaths.length).toBeLessThan(routes.length);
    expect(permissions.map((p) => render(p.SourceArn)).sort()).toEqual(groupPaths.map((path) => `${api}${path}`).sort());
    expect(permissions.map((p) => render(p.FunctionName)).filter((f) => !/^\$\{Api\w+Function\.Arn\}$/.test(f))).toEqual([]);
  });
});
