// Every Lambda bundle starts. The other tests run the TypeScript source, so a bundle that throws at
// its cold start (esbuild's lazy module initialisation around a dynamic import once read a constant
// before it existed, "Cannot read properties of undefined (reading 'maxModules')") would pass them
// all and fail only on AWS. Each bundle is built as the CDK stack builds it and imported in a fresh
// Node process with the environment a deployed function has (made-up values).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildLambdas, type BuiltBundle } from '../../scripts/build-lambdas';
import { LAMBDA_ENV } from '../../scripts/bench/lambda-env';

const run = promisify(execFile);
const out = mkdtempSync(join(tmpdir(), 'mentora-bundles-'));
let bundles: BuiltBundle[] = [];

beforeAll(async () => {
  bundles = await buildLambdas(out);
}, 240_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

async function start(file: string): Promise<string> {
  const probe = `const m = await import(process.argv[1]); process.stdout.write(typeof m.handler);`;
  const { stdout } = await run(process.execPath, ['--no-warnings', '--input-type=module', '-e', probe, pathToFileURL(file).href], {
    env: { PATH: process.env.PATH, ...LAMBDA_ENV, POWERTOOLS_SERVICE_NAME: 'bundles-start' },
  });
  return stdout;
}

test('every bundle is built: the route groups, the tutor stream and the pipeline tasks', () => {
  const names = bundles.map((b) => b.name);
  expect(names).toEqual(expect.arrayContaining(['courses', 'tutor-stream', 'pipeline-lesson', 'pipeline-sweeper']));
});

test('every bundle starts and exports its handler', async () => {
  const failures: string[] = [];
  // Two at a time: each is a Node process parsing up to a megabyte.
  for (let i = 0; i < bundles.length; i += 2) {
    await Promise.all(
      bundles.slice(i, i + 2).map(async (b) => {
        try {
          const kind = await start(b.file);
          if (kind !== 'function') failures.push(`${b.name}: handler is ${kind}`);
        } catch (error) {
          const lines = String((error as { stderr?: string }).stderr ?? error).split('\n');
          failures.push(`${b.name}: ${(lines.find((l) => /^\w*Error\b/.test(l)) ?? lines[0]).slice(0, 200)}`);
        }
      }),
    );
  }
  expect(failures).toEqual([]);
}, 240_000);
