// Another commit's Lambda bundles, built by that commit's own build script: shared by the before/after
// comparison (lambda-init-compare.ts) and the yardstick's calibration (lambda-init-calibrate.ts).
//
// The commit is checked out in a git worktree under the temp directory (node_modules linked to this
// one's, so both sides bundle the same package versions) and built by its own scripts/build-lambdas.ts,
// i.e. with its own esbuild options.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../infra/aws/lambda-bundling';
import type { BuiltBundle } from '../build-lambdas';

/** A bundle of another commit: a commit from before code splitting reports no `initBytes`. */
export type CommitBundle = Omit<BuiltBundle, 'initBytes'> & { initBytes?: number };

export const commitOf = (rev: string) => execFileSync('git', ['rev-parse', rev], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

export function worktreeAt(commit: string): string {
  const dir = join(tmpdir(), `mentora-init-${commit.slice(0, 12)}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: REPO_ROOT, stdio: 'ignore' });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  }
  return dir;
}

/** The commit's bundles, built by its own build script (run with tsx inside its worktree) into `outDir`. */
export function bundlesAt(commit: string, outDir: string): CommitBundle[] {
  const script = `require('./scripts/build-lambdas').buildLambdas(${JSON.stringify(outDir)}).then((b) => process.stdout.write(JSON.stringify(b)))`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: worktreeAt(commit), encoding: 'utf8' })) as CommitBundle[];
}
