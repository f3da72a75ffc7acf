import { Annotations, Aws, CfnOutput, Lazy, NestedStack, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { stackModelIds } from '../../lambdas/shared/ai/models';
import type { ApiResources } from './api-functions';
import { Support } from './support';
import { ORIGIN_HEADER } from '../../lambdas/shared/origin-secret';
import { API_STAGE, MentoraApi } from './api';
import { MentoraAuth } from './auth';
import { apiCustomDomain, readContext, socialProviders, type MentoraContext } from './context';
import { CoursePipeline } from './course-pipeline';
import { Sweeper } from './sweeper';
import { MaterialsBucket } from './materials-bucket';
import { ModelJobs } from './model-jobs';
import { MentoraData } from './data';
import { WebDeployment, acknowledgeBucketDeploymentHandler } from './web-deployment';
import { TutorStream } from './tutor-stream';
import { WebHosting } from './web-hosting';
import { Payments } from './payments';
import { LtiExpiry } from './lti-expiry';
import { LtiFrames } from './lti-frames';
import { LtiKeys } from './lti-keys';
import { LmsScores } from './lms-scores';
import { Monitoring } from './monitoring';

export interface MentoraStackProps extends StackProps {
  /** Deployment choices; read from CDK context when omitted (see docs/deploy.md). */
  context?: MentoraContext;
  /** `false` only in template tests: Lambdas get placeholder code instead of an esbuild bundle. */
  bundle?: boolean;
  /** Where the Vite build is (default web/dist). */
  webDist?: string;
  /** The CloudFront web ACL (infra/aws/waf.ts, us-east-1); none only in tests that build the stack alone. */
  webAclArn?: string;
}

/** Mentora on AWS: Cognito, DynamoDB, the HTTP API and its Lambdas, and the SPA on CloudFront. */
export class MentoraStack extends Stack {
  readonly auth: MentoraAuth;
  readonly data: MentoraData;
  readonly api: MentoraApi;
  readonly web: WebHosting;
  /** The alarms, the dashboard and the budget, in a nested stack of their own (below). */
  readonly monitoring: NestedStack;

  constructor(scope: Construct, id: string, props: MentoraStackProps = {}) {
    super(scope, id, props);
    const ctx = props.context ?? readContext((key) => this.node.tryGetContext(key));
    // infra/environments.ts `production`, never inferred from the stage's name.
    const production = ctx.production;
    const { providers, missing } = socialProviders(ctx);
    for (const provider of missing) {
      Annotations.of(this).addWarningV2(
        'mentora:social-provider-missing',
        `${provider} not in context: that sign-in button is not offered (docs/deploy.md).`,
      );
    }

    // The Hosted UI must return to the site, whose CloudFront name exists only once the
    // distribution does, which in turn needs the API, which needs the app client: resolved lazily.
    let siteOrigin: string | undefined;
    this.auth = new MentoraAuth(this, 'Auth', {
      production,
      domainPrefix: ctx.domainPrefix ?? `mentora-${ctx.stage}-${Aws.ACCOUNT_ID}`,
      siteOrigin: Lazy.string({ produce: () => siteOrigin }),
      providers,
      sesFromEmail: ctx.sesFromEmail,
      bundle: props.bundle,
    });
    this.data = new MentoraData(this, 'Data', { production });
    this.auth.allowOneTimeSignIn(this.data.table);

    const bedrock = stackModelIds(this.region, { fast: ctx.modelFastId, strong: ctx.modelStrongId, verifier: ctx.modelVerifierId });
    const coursePipeline = new CoursePipeline(this, 'CoursePipeline', { table: this.data.table, bedrock, production, bundle: props.bundle });
    const modelJobs = new ModelJobs(this, 'ModelJobs', { table: this.data.table, bedrock, production, bundle: props.bundle });
    // Fails course generations that stopped moving, every few minutes (EventBridge Scheduler).
    const sweeper = new Sweeper(this, 'Sweeper', { table: this.data.table, courseWorkflow: coursePipeline.stateMachine, production, bundle: props.bundle });
    // Learners' uploaded materials: the private bucket and its processor (docs/materials.md); CORS for the site only.
    const materials = new MaterialsBucket(this, 'Materials', { table: this.data.table, siteOrigin: Lazy.string({ produce: () => siteOrigin }), production, bundle: props.bundle });
    const contextText = (key: string) => (this.node.tryGetContext(key) as string | undefined) || undefined;
    // LTI 1.3 (docs/lti.md): the tool's signing keys, filled by the operator; the scores sent back to the LMS.
    const ltiKeys = new LtiKeys(this, 'Lti', { production }).secret;
    const lmsScores = new LmsScores(this, 'LmsScores', { table: this.data.table, ltiKeys, production, bundle: props.bundle });
    // Who may frame the SPA's /lti/entrar: the registrations' origins, published by the lti Lambda (docs/lti.md).
    const ltiFrames = new LtiFrames(this, 'LtiFrames').store;
    // Expires unproven registrations and retries failed frame-store publications, every few minutes.
    const ltiExpiry = new LtiExpiry(this, 'LtiExpiry', { table: this.data.table, frames: ltiFrames, production, bundle: props.bundle });
    const resources: ApiResources = {
      table: this.data.table,
      auth: { userPoolClientId: this.auth.client.userPoolClientId, issuer: this.auth.issuer },
      bedrock,
      courseWorkflow: coursePipeline.stateMachine,
      modelJobs: modelJobs.stateMachine,
      materialsBucket: materials.bucket,
      // The contact form mails the operators through this topic (docs/support.md).
      contactTopic: new Support(this, 'Support', { email: ctx.supportEmail ?? ctx.alarmEmail }).topic,
      // Stripe: secret by ARN and price ids from context (docs/payments.md); Checkout returns to the site.
      payments: new Payments(this, 'Payments', {
        production,
        existingSecretArn: contextText('stripeSecretArn'),
        priceMonthly: contextText('stripePriceMonthly'),
        priceYearly: contextText('stripePriceYearly'),
        siteOrigin: Lazy.string({ produce: () => siteOrigin }),
      }).resources,
      ltiKeys,
      lmsScores: lmsScores.stateMachine,
      ltiFrames,
    };
    this.api = new MentoraApi(this, 'Api', {
      resources,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      production,
      bundle: props.bundle,
      customDomain: apiCustomDomain(ctx),
      executeApiEndpoint: ctx.executeApiEndpoint === 'enabled',
    });

    // The tutor's chat streams through a Function URL behind CloudFront (docs/tutor.md "Streaming").
    // On the site's own domain its app client id is known at deploy time (no Cognito call at cold start).
    const ownDomain = Boolean(ctx.siteDomain && ctx.certificateArn);
    const clientId = ownDomain ? this.auth.client.userPoolClientId : undefined;
    const tutorStream = new TutorStream(this, 'TutorStream', { resources, userPool: this.auth.userPool, clientId, production, bundle: props.bundle });
    this.web = new WebHosting(this, 'Web', {
      tutorStream,
      apiOriginDomain: this.api.originDomain,
      apiOriginNeedsHost: this.api.originNeedsHost,
      // `{{resolve:secretsmanager:…}}`: CloudFormation reads the value at deploy; the template never holds it.
      apiOriginHeaders: { [ORIGIN_HEADER]: SecretValue.secretsManager(this.api.originSecret.secretArn, { versionId: ctx.originSecretVersionId }).unsafeUnwrap() },
      hostedDomain: this.auth.hostedDomain,
      // The browser posts uploaded materials straight to the bucket (presigned POST, docs/materials.md).
      bucketOrigins: [materials.uploadOrigin],
      customDomain: ctx.siteDomain && ctx.certificateArn ? { domainName: ctx.siteDomain, certificateArn: ctx.certificateArn } : undefined,
      production,
      webAclArn: props.webAclArn,
      ltiFrames,
    });
    siteOrigin = this.web.siteOrigin;

    // Alarms to one SNS topic, the dashboard and the monthly budget (docs/operations.md), in a nested
    // stack: CloudFormation takes at most 500 resources in a stack, and the ~80 of monitoring (two alarms
    // per function) took the app's stack to 491 with the LTI routes (docs/deploy.md). The nested stack
    // receives the functions', workflows' and API's names as its parameters, which CDK wires.
    this.monitoring = new NestedStack(this, 'Observability', { description: `Mentora (${ctx.stage}): alarms, dashboard and budget` });
    new Monitoring(this.monitoring, 'Monitoring', {
      stage: ctx.stage,
      production,
      functions: {
        ...Object.fromEntries([...this.api.functions].map(([group, fn]) => [`Api${group[0].toUpperCase()}${group.slice(1)}`, fn.fn])),
        ...Object.fromEntries(Object.entries(coursePipeline.functions).map(([task, fn]) => [`Pipeline${task}`, fn])),
        PipelineModelJob: modelJobs.fn,
        LtiScoreJob: lmsScores.fn,
        Sweeper: sweeper.fn,
        LtiExpiry: ltiExpiry.fn,
        MaterialsProcessor: materials.processor,
        AuthPreSignUp: this.auth.preSignUp,
        TutorStream: tutorStream.fn,
      },
      stateMachines: { CoursePipeline: coursePipeline.stateMachine, ModelJobs: modelJobs.stateMachine, LmsScores: lmsScores.stateMachine },
      apiStage: this.api.stage,
      bedrock,
      alarmEmail: ctx.alarmEmail,
      monthlyBudgetUsd: ctx.monthlyBudgetUsd,
    });

    new WebDeployment(this, 'WebDeployment', {
      bucket: this.web.bucket,
      distribution: this.web.distribution,
      webDist: props.webDist,
      config: {
        apiUrl: `/${API_STAGE}`,
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        oauthDomain: this.auth.hostedDomain,
        redirectUrl: `${siteOrigin}/`,
        socialProviders: this.auth.socialProviders,
        stage: ctx.stage,
      },
    });
    acknowledgeBucketDeploymentHandler(this, this.web.bucket);

    const out = (name: string, value: string, description: string) => new CfnOutput(this, name, { value, description });
    out('SiteUrl', `${siteOrigin}/`, 'Where learners open Mentora');
    out('ApiUrl', `${siteOrigin}/${API_STAGE}`, 'The API, on the same origin as the site');
    out('ApiGatewayUrl', this.api.stage.url, 'The stage on its execute-api address: answers only when that endpoint is on (no custom domain, or -c executeApiEndpoint=enabled)');
    out('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool');
    out('UserPoolClientId', this.auth.client.userPoolClientId, 'Cognito app client of the web app');
    out('HostedDomain', this.auth.hostedDomain, 'Cognito Hosted UI domain; identity providers redirect to https://<it>/oauth2/idpresponse');
    out('TableName', this.data.table.tableName, 'The DynamoDB table');
    out('DistributionId', this.web.distribution.distributionId, 'CloudFront distribution (for invalidations)');
  }
}
