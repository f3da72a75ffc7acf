import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

// An esbuild plugin (infra/aws/lambda-bundling.ts) that gives each importer of an AWS SDK barrel only
// the re-exports it imports. Why: with code splitting, esbuild assigns whole files to chunks by following
// every import record of a file that is live anywhere in the build. The DynamoDB client imports
// `NodeHttpHandler` from @smithy/node-http-handler's index, which also re-exports `NodeHttp2Handler`;
// Bedrock's lazily imported client uses the latter, so it is live, and the DynamoDB client's path
// through the index put it, and Node's `http2` module (≈ 3 ms to load), in what every cold start
// reads. The same held for @aws-sdk/core/protocols (the REST-JSON and XML protocols of lazily
// imported clients). esbuild has no option for it (`sideEffects: false` is already declared by these
// packages; it drops unused files from a single bundle, not from a chunk's reach).
//
// Only barrels that are nothing but `export { ... } from "..."` statements, in packages of the two
// AWS scopes that declare themselves free of side effects, and only importers whose imports from the
// barrel are all named (`import { a as b }`, `export { a } from`): anything else gets the barrel as is.
// The narrowed module holds the barrel's own statements for those names, resolved from the barrel's
// folder, so what runs is the same code as through the barrel.

const SCOPES = /^@(smithy|aws-sdk)\//;
const NAMESPACE = 'mentora-narrow-barrel';

const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** `a as b` → `a` (the name as the barrel exports it). */
const importedName = (spec: string) => spec.trim().split(/\s+as\s+/)[0].trim();
/** `a as b` → `b` (the name the barrel exports). */
const exportedName = (spec: string) => spec.trim().split(/\s+as\s+/).pop()!.trim();

/** The names `code` takes from `specifier`, or undefined if it takes it in any other way (namespace, default, side effect, export *). */
export function namedImports(code: string, specifier: string): string[] | undefined {
  const from = `from\\s*["']${escape(specifier)}["']`;
  const all = [...code.matchAll(new RegExp(`\\b(?:import|export)\\b[^;"']*?${from}|\\bimport\\s*["']${escape(specifier)}["']|\\b(?:import|require)\\s*\\(\\s*["']${escape(specifier)}["']`, 'g'))];
  const named = [...code.matchAll(new RegExp(`\\b(?:import|export)\\s*(?:type\\s+)?\\{([^}]*)\\}\\s*${from}`, 'g'))];
  if (all.length === 0 || named.length !== all.length) return undefined;
  return [...new Set(named.flatMap((m) => m[1].split(',').filter((s) => s.trim()).map(importedName)))];
}

/** A pure re-export barrel's statements by exported name, or undefined if the file is anything more. */
export function barrelStatements(code: string): Map<string, { name: string; from: string }> | undefined {
  const body = stripComments(code).trim();
  const statement = /export\s*\{([^}]*)\}\s*from\s*"([^"]+)"\s*;?/g;
  if (body.replace(statement, '').trim() !== '') return undefined;
  const byName = new Map<string, { name: string; from: string }>();
  for (const [, list, from] of body.matchAll(statement)) {
    for (const spec of list.split(',').filter((s) => s.trim())) byName.set(exportedName(spec), { name: importedName(spec), from });
  }
  return byName;
}

/**
 * Whether the barrel's package declares the barrel's folder free of side effects: `sideEffects: false`,
 * or a list of files with side effects none of which is in that folder (@aws-sdk/core's).
 */
function declaredPure(barrel: string): boolean {
  for (let dir = dirname(barrel); dir !== dirname(dir); dir = dirname(dir)) {
    let sideEffects: unknown;
    try {
      ({ sideEffects } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { sideEffects?: unknown });
    } catch {
      continue; // No package.json here: look one folder up.
    }
    if (sideEffects === false) return true;
    return Array.isArray(sideEffects) && sideEffects.every((f) => typeof f === 'string' && !join(dir, f).startsWith(dirname(barrel)));
  }
  return false;
}

export const narrowSdkBarrels: Plugin = {
  name: 'narrow-sdk-barrels',
  setup(build) {
    /** The narrowed modules' code by path, read again when they import from another barrel. */
    const virtual = new Map<string, string>();
    build.onResolve({ filter: SCOPES }, async (args) => {
      if (args.pluginData === NAMESPACE) return undefined;
      const real = await build.resolve(args.path, { kind: args.kind, importer: args.importer, namespace: args.namespace, resolveDir: args.resolveDir, pluginData: NAMESPACE });
      if (real.errors.length > 0 || real.external || !real.path.endsWith('.js')) return undefined;
      if (!declaredPure(real.path)) return undefined;
      const importerCode = args.namespace === NAMESPACE ? virtual.get(args.importer) : args.namespace === 'file' ? readFileSync(args.importer, 'utf8') : undefined;
      const names = importerCode === undefined ? undefined : namedImports(importerCode, args.path);
      const statements = barrelStatements(readFileSync(real.path, 'utf8'));
      if (!names || !statements || names.some((n) => !statements.has(n)) || names.length === statements.size) return undefined;
      const code = names
        .map((n) => statements.get(n)!)
        .map((s, i) => `export { ${s.name === names[i] ? s.name : `${s.name} as ${names[i]}`} } from ${JSON.stringify(s.from)};`)
        .join('\n');
      const path = `${real.path}?${[...names].sort().join(',')}`;
      virtual.set(path, code);
      return { path, namespace: NAMESPACE, sideEffects: false };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, ({ path }) => ({ contents: virtual.get(path), loader: 'js', resolveDir: dirname(path.split('?')[0]) }));
  },
};
