// `npm run build:lambdas`: bundles every route group's handler exactly as the CDK stack's
// NodejsFunction does (same esbuild options, infra/aws/lambda-bundling.ts) into
// dist/lambdas/<group>/index.mjs, plus the tutor's stream
// (dist/lambdas/tutor-stream/) and the course pipeline's tasks (dist/lambdas/pipeline-<task>/).
// `npm run bench` measures these.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ESBUILD_OPTIONS, REPO_ROOT, builtGroups, groupEntry, pipelineEntries } from '../infra/aws/lambda-bundling';

export const LAMBDA_DIST = join(REPO_ROOT, 'dist', 'lambdas');

export interface BuiltBundle {
  name: string;
  file: string;
  bytes: number;
}

export async function buildLambdas(outDir = LAMBDA_DIST): Promise<BuiltBundle[]> {
  const entries: [string, string][] = [
    ...builtGroups().map((g): [string, string] => [g, groupEntry(g)]),
    // The tutor's streamed answer (infra/aws/tutor-stream.ts), its own Lambda behind a Function URL.
    ['tutor-stream', join(REPO_ROOT, 'lambdas', 'tutor', 'stream-handler.ts')],
    ...pipelineEntries(),
  ];
  const { banner, ...options } = ESBUILD_OPTIONS;
  return Promise.all(
    entries.map(async ([name, entry]) => {
      const file = join(outDir, name, 'index.mjs');
      await build({
        ...options,
        entryPoints: [entry],
        bundle: true,
        outfile: file,
        banner: { js: banner },
        absWorkingDir: REPO_ROOT,
        logLevel: 'warning',
      });
      return { name, file, bytes: statSync(file).size };
    }),
  );
}

if (require.main === module) {
  buildLambdas().then(
    (bundles) => {
      for (const b of bundles) console.log(`${b.name.padEnd(12)} ${(b.bytes / 1024).toFixed(1).padStart(7)} KB  ${b.file}`);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
