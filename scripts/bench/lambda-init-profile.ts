// Where a bundle's cold init goes, module by module:
//   npx tsx scripts/bench/lambda-init-profile.ts <bundle> [samples = 5] [top = 15]
//
// The bundle is built as the stack builds it (infra/aws/lambda-bundling.ts) with one addition: an esbuild
// plugin puts a call at the start of every source file's top-level code, naming the file. esbuild emits
// modules in evaluation order, so the CPU time (process.cpuUsage) from one mark to the next is that file's
// own top-level code: the zod schemas it builds, the clients it constructs, the functions it calls, and
// what V8 compiles lazily for them (a CommonJS module's code after a require is counted to the required
// one, a small error). Not in those figures, and shown apart: compiling index.mjs and its static chunks
// and loading Node's built-ins, both before the first mark (the import's CPU minus the marks' sum).
// A source file's `module` is its npm package, or its path under lambdas/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';
import { LAMBDA_INDEX, REPO_ROOT, groupEntry, lambdaBuildOptions, pipelineEntries } from '../../infra/aws/lambda-bundling';
import { LAMBDA_ENV } from './lambda-env';
import { median, serviceOf } from './lambda-init';

const [bundle, samplesArg = '5', topArg = '15'] = process.argv.slice(2);

const entryOf = (name: string) =>
  name === 'tutor-stream'
    ? join(REPO_ROOT, 'lambdas', 'tutor', 'stream-handler.ts')
    : (pipelineEntries().find(([n]) => n === name)?.[1] ?? groupEntry(name));

/** A file's package (`@smithy/core`) or its path under the repository (`lambdas/shared/config.ts`). */
export function moduleOf(file: string): string {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return relative(REPO_ROOT, file);
  const parts = file.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

const LOADERS: Record<string, Loader> = { ts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', cjs: 'js' };

/** Prepends `globalThis.__initMark?.(file)` to each source file, after a 'use strict' directive if any. */
const marks: Plugin = {
  name: 'init-marks',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|js|mjs|cjs)$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      const mark = `globalThis.__initMark?.(${JSON.stringify(moduleOf(path))});\n`;
      const strict = /^(#![^\n]*\n)?\s*(['"])use strict\2;?/.exec(source);
      const contents = strict ? `${source.slice(0, strict[0].length)};\n${mark}${source.slice(strict[0].length)}` : mark + source;
      return { contents, loader: LOADERS[path.split('.').pop()!] };
    });
  },
};

const PROBE = `const per = {}; let last = 'compile and built-ins'; let at = process.cpuUsage();
const start = at;
globalThis.__initMark = (m) => { const now = process.cpuUsage(); per[last] = (per[last] ?? 0) + (now.user - at.user + now.system - at.system) / 1000; last = m; at = process.cpuUsage(); };
await import(process.argv[1]);
globalThis.__initMark('');
const all = process.cpuUsage(start);
process.stdout.write(JSON.stringify({ total: (all.user + all.system) / 1000, per }));`;

async function main() {
  if (!bundle) throw new Error('usage: lambda-init-profile.ts <bundle> [samples] [top]');
  const out = mkdtempSync(join(tmpdir(), 'mentora-init-profile-'));
  try {
    await build({ ...lambdaBuildOptions(entryOf(bundle), out), plugins: [marks] });
    const runs: { total: number; per: Record<string, number> }[] = [];
    for (let i = 0; i < Number(samplesArg); i++) {
      const stdout = execFileSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', PROBE, pathToFileURL(join(out, LAMBDA_INDEX)).href], {
        env: { PATH: process.env.PATH, ...LAMBDA_ENV, POWERTOOLS_SERVICE_NAME: serviceOf(bundle) },
        encoding: 'utf8',
      });
      runs.push(JSON.parse(stdout) as (typeof runs)[number]);
    }
    const names = [...new Set(runs.flatMap((r) => Object.keys(r.per)))];
    const rows = names.map((n) => ({ n, ms: median(runs.map((r) => r.per[n] ?? 0)) })).sort((a, b) => b.ms - a.ms);
    console.log(`${bundle}: import CPU ${median(runs.map((r) => r.total)).toFixed(1)} ms, median of ${runs.length} (marks add a little).`);
    for (const r of rows.slice(0, Number(topArg))) console.log(`${r.ms.toFixed(1).padStart(7)}  ${r.n}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
