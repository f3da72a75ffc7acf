// Every AWS client the Lambdas use still talks to its service when built as a Lambda is built. The
// bundling narrows the SDK's barrels per importer (infra/aws/lambda-barrels.ts) and splits rarely used
// clients into chunks (lambda-bundling.ts): a protocol or HTTP handler left out of a bundle would pass
// every test that runs the TypeScript sources and fail only on AWS. So a probe, bundled with the
// Lambdas' own options, calls each service through the app's client modules (or the SDK package where
// the app imports it in a chunk) against the local stand-ins of a stack of its own, which speak AWS's
// protocols: DynamoDB (JSON 1.0), Secrets Manager and Cognito (JSON 1.1), Step Functions (JSON 1.0),
// Bedrock Runtime (REST-JSON over HTTP/2, Converse and its event stream), S3 (REST-XML), Polly (REST-JSON).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { LAMBDA_INDEX, REPO_ROOT, lambdaBuildOptions } from '../../infra/aws/lambda-bundling';
import { spawnStack, STACK_START_S, type SpawnedStack } from '../support/spawn-stack';

const run = promisify(execFile);
const lambdas = (path: string) => JSON.stringify(join(REPO_ROOT, 'lambdas', path));

const PROBE = `
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { documentClient } from ${lambdas('shared/clients')};
import { cognitoClient } from ${lambdas('shared/cognito-client')};
import { secretsManagerOriginSecrets } from ${lambdas('shared/origin-secret')};
import { sfnClient, sfnSdk } from ${lambdas('shared/step-functions')};
import { bedrockSdk } from ${lambdas('shared/ai/bedrock-client')};
import { modelIdsFor } from ${lambdas('shared/ai/models')};

const failure = (error) => ({ error: error.name, status: error.$metadata?.httpStatusCode, ...(process.env.PROBE_DEBUG && { message: String(error.stack) }) });
const attempt = (call) => call().catch(failure);

export async function handler() {
  const env = process.env;
  const key = { pk: 'BUNDLE#probe', sk: 'SDK' };
  const dynamodb = await attempt(async () => {
    await documentClient().send(new PutCommand({ TableName: env.TABLE_NAME, Item: { ...key, nombre: 'Añoranza' } }));
    const got = await documentClient().send(new GetCommand({ TableName: env.TABLE_NAME, Key: key }));
    await documentClient().send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: key }));
    return got.Item?.nombre;
  });
  const secrets = await attempt(async () => (await secretsManagerOriginSecrets(env.ORIGIN_SECRET_ARN)()).length > 0);
  const cognito = await attempt(async () => (await cognitoClient().send(new DescribeUserPoolCommand({ UserPoolId: env.USER_POOL_ID }))).UserPool?.Id === env.USER_POOL_ID);
  const sfn = await attempt(async () => {
    const sdk = await sfnSdk();
    await (await sfnClient()).send(new sdk.StopExecutionCommand({ executionArn: env.STATE_MACHINE_ARN.replace(':stateMachine:', ':execution:') + ':no-such-run' }));
    return 'stopped';
  });
  const { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } = await bedrockSdk();
  const bedrock = new BedrockRuntimeClient({});
  // The model table's fast model, as the Lambdas call it on AWS (the local stack sets no MODEL_FAST_ID offline).
  const request = { modelId: modelIdsFor(env.AWS_REGION).fast, messages: [{ role: 'user', content: [{ text: 'Di hola.' }] }], inferenceConfig: { maxTokens: 50 } };
  const converse = await attempt(async () => (await bedrock.send(new ConverseCommand(request))).stopReason);
  const converseStream = await attempt(async () => {
    const events = [];
    for await (const event of (await bedrock.send(new ConverseStreamCommand(request))).stream) events.push(Object.keys(event)[0]);
    return [events[0], events.includes('contentBlockDelta'), events.at(-1)];
  });
  const s3 = await attempt(async () => {
    const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    return typeof (await new S3Client({ forcePathStyle: true }).send(new ListObjectsV2Command({ Bucket: env.MATERIALS_BUCKET, Prefix: 'none/' }))).KeyCount;
  });
  const polly = await attempt(async () => {
    const { PollyClient, DescribeVoicesCommand } = await import('@aws-sdk/client-polly');
    return ((await new PollyClient({}).send(new DescribeVoicesCommand({ LanguageCode: 'es-MX' }))).Voices ?? []).length > 0;
  });
  return { dynamodb, secrets, cognito, sfn, converse, converseStream, s3, polly };
}`;

/** index.mjs and the chunks it imports statically, transitively (as in bundling.test.ts). */
function coldStartCode(out: string): string {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(out, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.mjs)"/g)) visit(m[1]);
  };
  visit(LAMBDA_INDEX);
  return [...seen].map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
}

let stack: SpawnedStack;
const dir = mkdtempSync(join(tmpdir(), 'mentora-bundles-sdk-'));

beforeAll(async () => {
  stack = await spawnStack({ port: 0, web: 'none' });
}, (STACK_START_S + 30) * 1000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a bundled probe calls every AWS service the Lambdas use, through the stand-ins', async () => {
  writeFileSync(join(dir, 'entry.ts'), PROBE);
  // The probe lives outside the repository: SDK packages are found in the repository's node_modules.
  await build({ ...lambdaBuildOptions(join(dir, 'entry.ts'), join(dir, 'out')), nodePaths: [join(REPO_ROOT, 'node_modules')] });
  const probe = `const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(await m.handler()));`;
  const { stdout } = await run(process.execPath, ['--no-warnings', '--input-type=module', '-e', probe, pathToFileURL(join(dir, 'out', LAMBDA_INDEX)).href], {
    env: { PATH: process.env.PATH, ...stack.env, POWERTOOLS_SERVICE_NAME: 'bundles-sdk', POWERTOOLS_METRICS_DISABLED: 'true', PROBE_DEBUG: process.env.PROBE_DEBUG ?? '' },
  });
  expect(JSON.parse(stdout)).toEqual({
    dynamodb: 'Añoranza',
    secrets: true,
    cognito: true,
    // An execution that does not exist: the service's own error, parsed from its JSON answer.
    sfn: { error: 'ExecutionDoesNotExist', status: 400 },
    converse: 'end_turn',
    converseStream: ['messageStart', true, 'metadata'],
    s3: 'number',
    polly: true,
  });
  // What a cold start reads (index.mjs and the chunks it imports statically) has neither Bedrock's client
  // nor Node's HTTP/2 module, which only Bedrock's HTTP handler uses: both load on the first model call.
  expect(coldStartCode(join(dir, 'out'))).not.toMatch(/"node:http2"|"http2"|AmazonBedrockFrontendService/);
}, 120_000);
