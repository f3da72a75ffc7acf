import type { Plugin } from 'esbuild';

// An esbuild plugin (infra/aws/lambda-bundling.ts): an ES `import` of Node's `http` module becomes a
// CommonJS `require` of it. Why: Node builds an ES module facade for a built-in by reading every one of
// its exports, and on Node 22 `http` exports WebSocket, CloseEvent and MessageEvent as getters that load
// undici, Node's whole fetch implementation, which no Lambda of ours uses. The SDK's HTTP handler imports
// `http` that way, so every cold start compiled undici: ≈ 23 ms of the ≈ 75 ms a small bundle's init took
// (CPU profile of the jobs bundle on Node 22, issue 43's cold-start budget). `require` (the createRequire
// banner every chunk has) hands the same module object without the facade. The names are the module's
// own (Node 22); one an importer uses that is not here fails the build instead of being undefined.

const NAMESPACE = 'mentora-cjs-http';
const NAMES = [
  'METHODS', 'STATUS_CODES', 'Agent', 'ClientRequest', 'IncomingMessage', 'OutgoingMessage', 'Server', 'ServerResponse',
  'createServer', 'validateHeaderName', 'validateHeaderValue', 'get', 'request', 'setMaxIdleHTTPParsers', 'maxHeaderSize', 'globalAgent',
];

export const httpWithoutUndici: Plugin = {
  name: 'mentora-http-without-undici',
  setup(build) {
    build.onResolve({ filter: /^(node:)?http$/ }, (args) => (args.kind === 'import-statement' || args.kind === 'dynamic-import' ? { path: 'http', namespace: NAMESPACE } : undefined));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({
      contents: `const m = require('node:http');\nexport default m;\nexport const { ${NAMES.join(', ')} } = m;\n`,
      loader: 'js',
    }));
  },
};
