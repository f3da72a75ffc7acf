import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteGroup, RuntimeConfig } from '../../lambdas/contract';
import { cognitoTokenVerifier } from '../../lambdas/shared/jwt';
import { contentSecurityPolicy } from '../site-policy';
import { startCognito } from './cognito';
import { startDynamo, TABLE_NAME } from './dynamo';
import { dynamoFaultControl, type DynamoFaults } from './dynamo-fault-control';
import { startCoursePipeline, type CoursePipelineOptions } from './stepfunctions-pipeline';
import { startGateway, type GatewayOptions } from './gateway';
import { startLocalPayments } from './payments-local';
import { localSecretArn } from './secrets-manager';
import { LOCAL_LTI_KEYS_SECRET_NAME, localLtiKeys } from './lti-keys';
import { LOCAL_REGION, localCredentials } from './local-aws';
import { createMailbox, type Mail } from './mailbox';
import { startOAuthHttps } from './oauth-https';
import { startMaterialsS3 } from './s3-materials';
import { startLocalPolly } from './polly';
import { startLocalSns } from './sns';
import { LOCAL_LTI_FRAMES_ARN, startLocalKeyValueStore } from './cloudfront-kvs';
import { LTI_FRAMED_SPA_PATHS, ltiFrameFunctionCode, runLtiFrameFunction } from '../lti-frame-function';
import { ensureUserPool } from './user-pool';
import { featuredTopics } from './showcase';
import { localSweeper } from './sweeper';
import type { WebMode } from './web-server';

/** The local stand-in of the API's origin secret (infra/aws/api.ts `OriginSecret`). */
export const LOCAL_ORIGIN_SECRET_NAME = 'mentora/local/origin';

export interface LocalStackOptions {
  /** Gateway port; 0 picks a free one (tests). */
  port?: number;
  /** Keep data here across restarts; omitted = a temporary folder removed on stop (tests). */
  dataDir?: string;
  web?: WebMode;
  /** Fixed Cognito and HTTPS ports keep token issuers stable across restarts; 0 in tests. */
  cognitoPort?: number;
  oauthPort?: number;
  onMail?: (mail: Mail) => void;
  /**
   * How often the stale-job sweeper runs (infra/local/sweeper.ts); 0 = only on POST /__local/sweep.
   * Default: every minute for `npm start` (a dataDir), never in test stacks unless asked.
   */
  sweepIntervalMs?: number;
  /** Course pipeline settings: the offline writer's latency, a model interceptor (tests, bench). */
  pipeline?: CoursePipelineOptions;
}

export type LocalStack = Awaited<ReturnType<typeof startLocalStack>>;

/**
 * The whole product on loopback: DynamoDB (DynamoDB Local behind a fault proxy), Cognito (cognito-local + extension), the
 * HTTPS front for the Hosted UI, and the gateway that serves the SPA and the Lambda handlers.
 * Handlers run unchanged in this process: only the SDK endpoints in `process.env` differ from AWS.
 */
export async function startLocalStack(opts: LocalStackOptions = {}) {
  const temp = opts.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'mentora-'));
  const dataDir = opts.dataDir ?? temp!;
  const closers: (() => Promise<void>)[] = [];
  const track = <T extends { close(): Promise<void> }>(service: T) => {
    closers.push(() => service.close());
    return service;
  };
  const stop = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    if (temp) rmSync(temp, { recursive: true, force: true });
  };
  try {
    const mailbox = createMailbox(opts.onMail);
    // Stale course jobs fail with a Spanish message, as EventBridge Scheduler's runs do on AWS.
    const sweeper = localSweeper(opts.sweepIntervalMs ?? (opts.dataDir ? 60_000 : 0));
    let runtimeConfig: RuntimeConfig | undefined;
    let csp: string | undefined;
    let ltiEntryHeaders: (url: URL) => Promise<Record<string, string>> = () => Promise.reject(new Error('not started'));
    let verify: ReturnType<typeof cognitoTokenVerifier> | undefined;
    let dynamoFaults: DynamoFaults | undefined;
    let pollyCount: (() => { calls: number; characters: number }) | undefined;
    // Independent services start side by side; the gateway (and Vite) is the slowest.
    // The origin secret, fresh for each stack: the gateway sends it as CloudFront does, the Lambdas read it from Secrets Manager.
    const originSecret = randomBytes(32).toString('base64url');
    const [dynamo, cognito, pipeline, gateway, payments] = await Promise.all([
      startDynamo(opts.dataDir ? join(dataDir, 'dynamodb') : undefined).then(track),
      startCognito({ dataDir: join(dataDir, 'cognito'), mailbox, port: opts.cognitoPort ?? 0 }).then(track),
      // Course generation: local Bedrock (offline writer, or MENTORA_LLM_URL) and the Step Functions runner.
      startCoursePipeline(opts.pipeline ?? { latencyMs: Number(process.env.MENTORA_LLM_LATENCY_MS) || undefined }).then(track),
      startGateway({
        port: opts.port ?? 5173,
        web: opts.web ?? 'dist',
        mailbox,
        runtimeConfig: () => runtimeConfig,
        contentSecurityPolicy: () => csp,
        // CloudFront's function for /lti/entrar and /lti/elegir, the same text, against the local KeyValueStore (docs/lti.md).
        pathHeaders: { paths: LTI_FRAMED_SPA_PATHS, headers: (url) => ltiEntryHeaders(url) },
        verify: (token, use) => verify!(token, use),
        originSecret,
        controls: {
          '/__local/dynamo-faults': dynamoFaultControl(() => dynamoFaults),
          '/__local/sweep': (req, res) => sweeper.control(req, res),
          // GET: the local Polly's syntheses and billed characters so far (tests prove a cached play synthesized nothing).
          '/__local/polly': (_req, res) =>
            Promise.resolve(void res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(pollyCount?.() ?? { calls: 0, characters: 0 }))),
        },
        loadHandler: async (group: RouteGroup) => ((await import(`../../lambdas/${group}/handler`)) as { handler: Awaited<ReturnType<GatewayOptions['loadHandler']>> }).handler,
      }).then(track),
      // Payments: the Stripe stand-in (checkout page, signed webhooks) and Secrets Manager holding its keys.
      startLocalPayments({ file: opts.dataDir && join(dataDir, 'stripe.json'), otherSecrets: { [LOCAL_ORIGIN_SECRET_NAME]: originSecret, [LOCAL_LTI_KEYS_SECRET_NAME]: localLtiKeys(opts.dataDir && join(dataDir, 'lti-keys.json')) } }).then(track),
    ]);
    // Uploaded materials: the S3 stand-in, its uploads processed by the materials processor in this process (infra/local/s3-materials.ts).
    const s3 = track(await startMaterialsS3({ dir: opts.dataDir && join(dataDir, 's3'), siteUrl: gateway.url }));
    // Narration (issue 26): Polly answered by espeak-ng, its tasks writing into the S3 stand-in (infra/local/polly.ts).
    const polly = track(await startLocalPolly({ s3Url: s3.url }));
    pollyCount = polly.counted;
    // The operators' topic (the contact form): messages land in the mailbox (infra/local/sns.ts).
    const sns = track(await startLocalSns({ mailbox }));
    // The LTI frame origins' KeyValueStore, filled by the lti Lambda's registrations (infra/local/cloudfront-kvs.ts).
    const ltiFrames = track(await startLocalKeyValueStore());
    dynamoFaults = dynamo.faults;
    const oauth = track(await startOAuthHttps({ target: cognito.url, port: opts.oauthPort ?? 0, certDir: opts.dataDir && join(dataDir, 'tls') }));

    // CloudFront's policy with the local origins: the Hosted UI stand-in and the S3 stand-in (uploads, narration audio).
    csp = contentSecurityPolicy({ hostedDomain: oauth.domain, region: LOCAL_REGION, bucketOrigins: [new URL(s3.url).origin] });
    const ltiFrame = runLtiFrameFunction(ltiFrameFunctionCode(LOCAL_LTI_FRAMES_ARN, csp), ltiFrames.get);
    ltiEntryHeaders = async (url) => {
      const querystring = Object.fromEntries([...url.searchParams].map(([name, value]) => [name, { value }]));
      const response = await ltiFrame({ request: { uri: url.pathname, querystring }, response: { statusCode: 200, headers: {} } });
      return Object.fromEntries(Object.entries(response.headers).flatMap(([name, header]) => (header ? [[name, header.value]] : [])));
    };
    const pool = await ensureUserPool(cognito.url, gateway.url);
    const issuer = cognito.issuerFor(pool.userPoolId);
    verify = cognitoTokenVerifier({ issuer, clientId: pool.clientId });
    runtimeConfig = {
      apiUrl: '/api',
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      oauthDomain: oauth.domain,
      redirectUrl: `${gateway.url}/`,
      socialProviders: ['Google', 'Microsoft'],
      stage: 'local',
      // Demonstration mode: the course form offers the topics the offline writer serves whole.
      ...(pipeline.mode === 'offline' && { demostracion: { destacados: featuredTopics() } }),
    };

    // What the CDK stack gives each Lambda, pointed at loopback.
    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.url,
      ...s3.env,
      ...polly.env,
      ...sns.env,
      ...ltiFrames.env,
      ...pipeline.env,
      ...payments.envFor(gateway.url),
      ORIGIN_SECRET_ARN: localSecretArn(LOCAL_ORIGIN_SECRET_NAME),
      // LTI 1.3 (docs/lti.md): the tool's keys; a local LMS may speak http.
      LTI_KEYS_SECRET_ARN: localSecretArn(LOCAL_LTI_KEYS_SECRET_NAME),
      LTI_PLATFORM_SCHEMES: 'https:,http:',
      TABLE_NAME,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      COGNITO_ISSUER: issuer,
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR',
      POWERTOOLS_SERVICE_NAME: 'mentora-local',
      // CloudWatch reads metrics from the logs (EMF); locally they would only flood the output.
      POWERTOOLS_METRICS_DISABLED: 'true',
    };
    Object.assign(process.env, env);
    track(sweeper); // stopped first, before the table it reads

    // bedrockQuota: the local Bedrock's tokens-per-minute quota when MENTORA_LLM_TPM sets one (benches read its refusals).
    return { url: gateway.url, env, mailbox, runtimeConfig, pipelineMode: pipeline.mode, bedrockQuota: pipeline.bedrock.quota, polly, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
