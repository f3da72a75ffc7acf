// `npm test`: the whole suite as two jest runs side by side, one per kind of work (issue 42, CI time).
//
// A file of the integration and handlers projects mostly waits: on the local stack's HTTP, Step Functions'
// waits, DynamoDB Local. Profiled, one uses about a third of a core. The browser walks, the CDK synths and
// the unit and web files keep a core busy. In one jest run of two workers the waiting files held half the
// slots while a core idled (the whole CI run: about 1.25 of two cores used). Two lanes, each with its own
// workers, keep both cores busy without putting three browser walks side by side. A lane's files still
// run beside the other lane's: every test must pass under load (docs/testing.md).
//
// With arguments, `npm test -- <jest flags or paths>` is one plain jest run, as before.
// MENTORA_TEST_LANES=1 runs the whole suite as one jest run (MENTORA_TEST_WORKERS workers, jest.config.js).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startSharedDynamo } from '../test/support/shared-dynamo';

type Lane = { name: string; projects: string[]; workers: number };

const LANES: Lane[] = [
  // Files that wait on other processes: more of them at once than there are cores.
  { name: 'espera', projects: ['integration', 'handlers'], workers: Number(process.env.MENTORA_WAIT_WORKERS) || 2 },
  // Files that compute: Chromium, the CDK synth and esbuild, jsdom.
  { name: 'cálculo', projects: ['e2e', 'infra', 'unit', 'web'], workers: Number(process.env.MENTORA_BUSY_WORKERS) || 2 },
];

const jestBin = require.resolve('jest/bin/jest');

function run(args: string[], env: NodeJS.ProcessEnv, prefix = ''): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [jestBin, ...args], { env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      // Each line says its lane: the two runs' reports interleave in CI's log.
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 0 || process.env.MENTORA_TEST_LANES === '1') process.exit(await run(args, process.env));

  // One DynamoDB Local for both runs (test/support/shared-dynamo.ts): each jest run's globalSetup finds it
  // in the environment instead of starting a JVM of its own. It ends with this process.
  await startSharedDynamo();
  const started = Date.now();
  const results = await Promise.all(
    LANES.map(async (lane) => {
      const code = await run(
        ['--selectProjects', ...lane.projects, `--maxWorkers=${lane.workers}`],
        { ...process.env, MENTORA_TEST_LANE: lane.name },
        `[${lane.name}] `,
      );
      const s = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`[${lane.name}] ${lane.projects.join(', ')}: ${code === 0 ? 'passed' : 'FAILED'} after ${s} s\n`);
      return code;
    }),
  );
  const failed = LANES.filter((_, i) => results[i] !== 0).map((l) => l.name);
  process.stdout.write(failed.length ? `\nnpm test FAILED in lane(s): ${failed.join(', ')} (search the log for "[lane] FAIL")\n` : '\nnpm test: both lanes passed\n');
  process.exit(failed.length ? 1 : 0);
}

void main();
