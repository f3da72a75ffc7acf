import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { routes, type RouteGroup } from '../../lambdas/contract/routes';
import { narrowSdkBarrels } from './lambda-barrels';
import { httpWithoutUndici } from './lambda-builtin-http';

// One definition of how a Lambda is bundled, shared by the CDK stack (group-function.ts runs esbuild
// with lambdaBuildOptions) and scripts/build-lambdas.ts, so the bundle `npm run bench` measures is the one AWS runs.

export const REPO_ROOT = resolve(__dirname, '..', '..');

/** Node 22 on Lambda; esbuild targets the same version so nothing is down-levelled needlessly. */
export const LAMBDA_NODE_TARGET = 'node22';

/**
 * ESM output lets esbuild tree-shake the AWS SDK v3; CommonJS dependencies bundled into ESM still
 * call `require` for Node built-ins, which ESM lacks, hence the createRequire banner.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __mentoraCreateRequire } from 'node:module'; const require = __mentoraCreateRequire(import.meta.url);";

/**
 * The AWS SDK is bundled rather than taken from the runtime: the version we test is the version we
 * run, and a tree-shaken client initialises faster than the runtime's full copy.
 */
export const EXTERNAL_MODULES: string[] = [];

/** Module substitutions; each entry says why in the file it points to. */
export const ALIASES: Record<string, string> = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'infra', 'aws', 'lambda-env-credentials.ts'),
  '@aws-sdk/endpoint-cache': join(REPO_ROOT, 'infra', 'aws', 'lambda-endpoint-cache.ts'),
  '@aws-sdk/token-providers': join(REPO_ROOT, 'infra', 'aws', 'lambda-token-providers.ts'),
  bowser: join(REPO_ROOT, 'infra', 'aws', 'lambda-bowser.ts'),
  'franc-min': join(REPO_ROOT, 'infra', 'aws', 'lambda-franc.ts'),
  semver: join(REPO_ROOT, 'infra', 'aws', 'lambda-semver.ts'),
};

/**
 * esbuild reads `sideEffects` from lambdas/contract/package.json: only common.ts (zod's Spanish
 * locale) has one, so a bundle builds only the contract schemas its group uses; building every
 * group's schemas at module load cost each cold start milliseconds of zod (npm run bench lambda-bundles).
 *
 * Code splitting: what a function imports dynamically on a rare path (AWS's Bedrock Runtime and Step
 * Functions clients, Stripe, pdf-lib, the SDK's own event-stream code) becomes a chunk file beside
 * index.mjs, read and compiled on its first use only. In one file, V8 compiled those bytes at every
 * cold start even though they never ran, and esbuild wrapped each dynamically imported module and
 * everything it imports in a lazy initialiser (issue 22: AWS's SDK clients cost the lessons,
 * evaluations and courses functions 10-15 ms of cold init CPU that way; docs/architecture.md
 * "Lambda bundles"). Chunks are real ES modules, so the lazy initialisers that once read a constant
 * before it existed (test/infra/bundling.test.ts starts every bundle) are gone with them.
 */
export const ESBUILD_OPTIONS = {
  platform: 'node',
  target: LAMBDA_NODE_TARGET,
  format: 'esm',
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  // UTF-8 output: esbuild's default (ASCII) writes every accented letter of the Spanish prompts
  // and messages, and every trigram of franc's language data, as a six-byte \uXXXX escape.
  charset: 'utf8',
  mainFields: ['module', 'main'],
  // On every output file: each chunk is its own module and may call `require` itself.
  banner: { js: ESM_REQUIRE_BANNER },
  external: EXTERNAL_MODULES,
  alias: ALIASES,
} satisfies BuildOptions;

/** The Lambda's handler module in its output directory (handler `index.handler`); its chunks sit beside it. */
export const LAMBDA_INDEX = 'index.mjs';

/** esbuild's options for one Lambda: `entry` built into `outdir` as index.mjs plus the chunks it imports. */
export const lambdaBuildOptions = (entry: string, outdir: string): BuildOptions => ({
  ...ESBUILD_OPTIONS,
  entryPoints: { index: entry },
  bundle: true,
  outdir,
  absWorkingDir: REPO_ROOT,
  logLevel: 'warning',
  // Each importer of an AWS SDK barrel gets only what it imports (lambda-barrels.ts says why). A plugin
  // needs esbuild's asynchronous API: group-function.ts runs this build in a child process.
  plugins: [narrowSdkBarrels, httpWithoutUndici],
});

/** Entry file of a group's Lambda (`lambdas/<group>/handler.ts`, exporting `handler`). */
export const groupEntry = (group: string) => join(REPO_ROOT, 'lambdas', group, 'handler.ts');

/** Every group named in the route table, in table order. */
export const routeGroups = (): RouteGroup[] => [...new Set(routes.map((r) => r.group))];

/** Groups whose handler file exists: every group of the table must have one (test/infra/bundling.test.ts). */
export const builtGroups = (): RouteGroup[] => routeGroups().filter((g) => existsSync(groupEntry(g)));

/** The course pipeline's task Lambdas (infra/aws/course-pipeline.ts): `lambdas/pipeline/entries/<task>.ts`. */
export const PIPELINE_ENTRIES_DIR = join(REPO_ROOT, 'lambdas', 'pipeline', 'entries');
export const pipelineEntries = (): [name: string, entry: string][] =>
  readdirSync(PIPELINE_ENTRIES_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => [`pipeline-${f.replace(/\.ts$/, '')}`, join(PIPELINE_ENTRIES_DIR, f)]);
