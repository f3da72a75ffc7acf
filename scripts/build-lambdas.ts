// `npm run build:lambdas`: bundles every route group's handler exactly as the CDK stack does (same
// esbuild options, infra/aws/lambda-bundling.ts) into dist/lambdas/<group>/index.mjs and the chunks
// it imports, plus the tutor's stream (dist/lambdas/tutor-stream/) and the course pipeline's tasks
// (dist/lambdas/pipeline-<task>/). `npm run bench` measures these.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_INDEX, REPO_ROOT, builtGroups, groupEntry, lambdaBuildOptions, pipelineEntries } from '../infra/aws/lambda-bundling';

export const LAMBDA_DIST = join(REPO_ROOT, 'dist', 'lambdas');

export interface BuiltBundle {
  name: string;
  /** The handler's module, index.mjs. */
  file: string;
  /** Every .mjs file of the bundle: index.mjs and its chunks. */
  bytes: number;
  /** What a cold start reads and compiles: index.mjs and the chunks it imports statically, not those imported on first use. */
  initBytes: number;
}

/** Bytes of the output files `index` imports statically, transitively, itself included. */
function staticBytes(outputs: Metafile['outputs'], index: string): number {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !outputs[file]) return;
    seen.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(index);
  return [...seen].reduce((sum, f) => sum + outputs[f].bytes, 0);
}

export async function buildLambdas(outDir = LAMBDA_DIST): Promise<BuiltBundle[]> {
  const entries: [string, string][] = [
    ...builtGroups().map((g): [string, string] => [g, groupEntry(g)]),
    // The tutor's streamed answer (infra/aws/tutor-stream.ts), its own Lambda behind a Function URL.
    ['tutor-stream', join(REPO_ROOT, 'lambdas', 'tutor', 'stream-handler.ts')],
    ...pipelineEntries(),
  ];
  return Promise.all(
    entries.map(async ([name, entry]) => {
      const dir = join(outDir, name);
      // Chunk names carry a content hash: an earlier build's chunks would stay beside the new ones.
      rmSync(dir, { recursive: true, force: true });
      const { metafile } = await build({ ...lambdaBuildOptions(entry, dir), metafile: true });
      // Metafile paths are relative to the working directory (REPO_ROOT).
      const outputs = Object.fromEntries(
        Object.entries(metafile.outputs).map(([f, o]) => [join(REPO_ROOT, f), { ...o, imports: o.imports.map((i) => ({ ...i, path: join(REPO_ROOT, i.path) })) }]),
      );
      const file = join(dir, LAMBDA_INDEX);
      const bytes = Object.keys(outputs).filter((f) => f.endsWith('.mjs')).reduce((sum, f) => sum + outputs[f].bytes, 0);
      return { name, file, bytes, initBytes: staticBytes(outputs, file) };
    }),
  );
}

if (require.main === module) {
  buildLambdas().then(
    (bundles) => {
      for (const b of bundles) {
        console.log(`${b.name.padEnd(24)} ${(b.bytes / 1024).toFixed(1).padStart(7)} KB (${(b.initBytes / 1024).toFixed(1).padStart(6)} KB at a cold start)  ${b.file}`);
      }
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
