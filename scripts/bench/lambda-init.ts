// One cold-init sample of a Lambda bundle, shared by the bundle bench (lambda-bundles.bench.ts) and the
// before/after comparison (lambda-init-compare.ts), so both measure the same thing the same way.
//
// A fresh Node process per sample (nothing cached) imports the bundle with the environment a deployed
// function has (made-up values); process start is excluded. Two figures: the CPU time of the import
// (process.cpuUsage, user + system, every thread of the process) and its wall-clock time. On a shared,
// loaded machine the wall clock mostly measures other processes; the CPU time is what an idle Lambda
// would wait, so verdicts use it.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { LAMBDA_ENV } from './lambda-env';

export type InitSample = { wall: number; cpu: number };

const PROBE = `const c = process.cpuUsage(); const t = performance.now(); await import(process.argv[1]);
const wall = performance.now() - t; const cpu = process.cpuUsage(c);
process.stdout.write(JSON.stringify({ wall, cpu: (cpu.user + cpu.system) / 1000 }));`;

/** The POWERTOOLS_SERVICE_NAME a bundle's function has: `pipeline` for every pipeline task. */
export const serviceOf = (bundle: string) => (bundle.startsWith('pipeline-') ? 'pipeline' : bundle);

export function initSample(file: string, service: string): InitSample {
  const env = { PATH: process.env.PATH, ...LAMBDA_ENV, POWERTOOLS_SERVICE_NAME: service };
  // --no-warnings: the SDK warns about Node 20 here; Lambda runs Node 22.
  const out = execFileSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', PROBE, pathToFileURL(file).href], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out) as InitSample;
}

/** The value at fraction q (0..1) of the sorted samples, nearest rank. */
export const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
};
export const median = (xs: number[]) => quantile(xs, 0.5);
