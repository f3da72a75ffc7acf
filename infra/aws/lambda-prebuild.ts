import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, builtGroups, groupEntry, pipelineEntries } from './lambda-bundling';

// Every Lambda a synth bundles is built at once, on the first one asked for: CDK's local bundling
// calls group-function.ts's tryBundle once per function, synchronously, and each call started a
// child process (Node, tsx, esbuild's service) for one build. Built together in one child, esbuild
// runs them side by side; each tryBundle then copies its function's output. An entry not in this list
// is still built alone, as before, so the list can only make a synth faster, never wrong.

/** Every entry file the stacks give a GroupFunction (infra/aws/*.ts `entry:`). */
export const allLambdaEntries = (): string[] => [
  ...builtGroups().map(groupEntry),
  ...pipelineEntries().map(([, entry]) => entry),
  join(REPO_ROOT, 'lambdas', 'tutor', 'stream-handler.ts'),
  join(REPO_ROOT, 'lambdas', 'auth', 'pre-sign-up.ts'),
  join(REPO_ROOT, 'lambdas', 'materials', 'process-upload.ts'),
  join(REPO_ROOT, 'lambdas', 'lti', 'score-job-handler.ts'),
  join(REPO_ROOT, 'lambdas', 'lti', 'expiry-handler.ts'),
];

let built: Map<string, string> | undefined;

/** The directory holding `entry`'s bundle, built with every other on the first call of this process; undefined when it is not in the list. */
export function prebuilt(entry: string): string | undefined {
  if (!built) {
    const staging = mkdtempSync(join(tmpdir(), 'mentora-lambdas-'));
    process.once('exit', () => rmSync(staging, { recursive: true, force: true }));
    const entries = [...new Set(allLambdaEntries())].filter((e) => existsSync(e));
    const plan = entries.map((e, i): [string, string] => [e, join(staging, String(i))]);
    writeFileSync(join(staging, 'plan.json'), JSON.stringify(plan));
    execFileSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra', 'aws', 'lambda-build-many.ts'), join(staging, 'plan.json')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    built = new Map(plan);
  }
  return built.get(entry);
}
