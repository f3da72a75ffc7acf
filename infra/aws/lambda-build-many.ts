// Builds several Lambdas in one process: `node --import tsx infra/aws/lambda-build-many.ts <plan.json>`,
// the plan a JSON list of [entry, outdir]. group-function.ts runs it once per synth, on its first
// function, for every entry the stacks use (lambda-prebuild.ts): thirty child processes, each starting
// Node, tsx and esbuild's service for one build, became one, and esbuild runs the builds side by side.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { lambdaBuildOptions } from './lambda-bundling';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8')) as [entry: string, outdir: string][];
Promise.all(plan.map(([entry, outdir]) => build(lambdaBuildOptions(entry, outdir)))).catch(() => {
  // esbuild has printed its errors (logLevel 'warning').
  process.exit(1);
});
