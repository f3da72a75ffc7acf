// Builds one Lambda: `node --import tsx infra/aws/lambda-build-one.ts <entry> <outdir>`. group-function.ts
// runs it in a child process because CDK's local bundling is synchronous and esbuild runs plugins
// (lambda-barrels.ts) only in its asynchronous API.
import { build } from 'esbuild';
import { lambdaBuildOptions } from './lambda-bundling';

const [entry, outdir] = process.argv.slice(2);
build(lambdaBuildOptions(entry, outdir)).catch(() => {
  // esbuild has printed its errors (logLevel 'warning').
  process.exit(1);
});
