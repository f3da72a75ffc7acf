import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { routes, type RouteGroup } from '../../lambdas/contract/routes';

// One definition of how a Lambda is bundled, shared by the CDK stack (NodejsFunction) and
// scripts/build-lambdas.ts, so the bundle `npm run bench` measures is the one AWS runs.

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
  'franc-min': join(REPO_ROOT, 'infra', 'aws', 'lambda-franc.ts'),
  semver: join(REPO_ROOT, 'infra', 'aws', 'lambda-semver.ts'),
};

/**
 * esbuild reads `sideEffects` from lambdas/contract/package.json: only common.ts (zod's Spanish
 * locale) has one, so a bundle builds only the contract schemas its group uses; building every
 * group's schemas at module load cost each cold start milliseconds of zod (npm run bench lambda-bundles).
 */
export const ESBUILD_OPTIONS = {
  platform: 'node' as const,
  target: LAMBDA_NODE_TARGET,
  format: 'esm' as const,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  // UTF-8 output: esbuild's default (ASCII) writes every accented letter of the Spanish prompts
  // and messages, and every trigram of franc's language data, as a six-byte \uXXXX escape.
  charset: 'utf8' as const,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  external: EXTERNAL_MODULES,
  alias: ALIASES,
};

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
