// A bundle's lazily imported AWS clients load from their chunks on the first call. (That every bundle the
// stack builds starts and exports its handler is checked in bundling.test.ts, on the synth's own assets:
// this file built every bundle a second time for it, about 130 s of a CI run.)
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { REPO_ROOT, lambdaBuildOptions } from '../../infra/aws/lambda-bundling';
import { LAMBDA_ENV } from '../../scripts/bench/lambda-env';

const run = promisify(execFile);

// Code splitting (infra/aws/lambda-bundling.ts) puts the clients a function calls on some paths in chunks
// that are read on the first call: built as a Lambda is, the shared Step Functions client loads its chunk
// and completes a StartExecution against a stand-in answering as AWS does, and Bedrock's chunk loads.
test('loads the lazily imported AWS clients from their chunks on the first call', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mentora-lazy-clients-'));
  const entry = join(dir, 'entry.ts');
  writeFileSync(
    entry,
    `import { stepFunctionsClient } from ${JSON.stringify(join(REPO_ROOT, 'lambdas', 'shared', 'step-functions'))};
import { bedrockSdk } from ${JSON.stringify(join(REPO_ROOT, 'lambdas', 'shared', 'ai', 'bedrock-client'))};
export async function handler() {
  const started = await stepFunctionsClient().startExecution({ stateMachineArn: 'arn:aws:states:us-east-1:123456789012:stateMachine:bench', name: 'n1', input: '{}' });
  const sdk = await bedrockSdk();
  return { executionArn: started.executionArn, converse: typeof sdk.ConverseCommand, client: typeof new sdk.BedrockRuntimeClient({}).send };
}`,
  );
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(String(req.headers['x-amz-target']));
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ executionArn: 'arn:aws:states:us-east-1:123456789012:execution:bench:n1', startDate: 1764000000 }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    await build(lambdaBuildOptions(entry, join(dir, 'out')));
    const probe = `const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(await m.handler()));`;
    const { port } = server.address() as AddressInfo;
    const { stdout } = await run(process.execPath, ['--no-warnings', '--input-type=module', '-e', probe, pathToFileURL(join(dir, 'out', 'index.mjs')).href], {
      env: { PATH: process.env.PATH, ...LAMBDA_ENV, AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${port}`, POWERTOOLS_SERVICE_NAME: 'bundles-start' },
    });
    expect(JSON.parse(stdout)).toEqual({ executionArn: 'arn:aws:states:us-east-1:123456789012:execution:bench:n1', converse: 'function', client: 'function' });
    expect(requests).toEqual(['AWSStepFunctions.StartExecution']);
    // The clients are chunks of their own, not part of index.mjs.
    expect(readFileSync(join(dir, 'out', 'index.mjs'), 'utf8')).not.toMatch(/AWSStepFunctions|AmazonBedrockFrontendService/);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
