import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

export type WebMode = 'dev' | 'dist' | 'none';
type Middleware = (req: IncomingMessage, res: ServerResponse) => void;

const ROOT = join(__dirname, '..', '..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/**
 * The SPA, as S3 + CloudFront would serve it (`dist`: hashed assets cached for a year,
 * extension-less paths fall back to index.html, CloudFront's Content-Security-Policy on every answer)
 * or through Vite's dev middleware (`dev`, whose inline React refresh preamble no production policy allows).
 */
/** Headers CloudFront's function sets for some SPA paths (the LTI entry and picker: infra/lti-frame-function.ts), by the request's address. */
export type PathHeaders = { paths: readonly string[]; headers: (url: URL) => Promise<Record<string, string>> };

export async function webMiddleware(mode: WebMode, server: Server, csp: () => string | undefined = () => undefined, pathHeaders?: PathHeaders): Promise<{ handle: Middleware; close(): Promise<void> }> {
  if (mode === 'dev' && existsSync(join(ROOT, 'web', 'vite.config.ts'))) {
    // Vite reads its TypeScript config through its bundler; the native loader is not needed here.
    process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: join(ROOT, 'web', 'vite.config.ts'),
      server: { middlewareMode: true, ws: { server } },
      appType: 'spa',
      logLevel: 'warn',
      // Where Vite keeps its pre-bundled dependencies (default node_modules/.vite): the first-paint bench
      // points it at an empty folder to measure a fresh clone's first visit.
      ...(process.env.MENTORA_VITE_CACHE_DIR && { cacheDir: process.env.MENTORA_VITE_CACHE_DIR }),
    });
    return { handle: (req, res) => vite.middlewares(req, res), close: () => vite.close() };
  }
  if (mode === 'none') return { handle: (_req, res) => res.writeHead(404).end(), close: async () => {} };
  const dist = join(ROOT, 'web', 'dist');
  return {
    handle: (req, res) => {
      const policy = csp();
      if (policy) res.setHeader('content-security-policy', policy);
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (pathHeaders?.paths.includes(url.pathname)) {
        return void pathHeaders.headers(url).then(
          (headers) => {
            for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
            serveDist(dist, req, res);
          },
          () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Error'),
        );
      }
      serveDist(dist, req, res);
    },
    close: async () => {},
  };
}

function serveDist(dist: string, req: IncomingMessage, res: ServerResponse) {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const file = normalize(join(dist, path));
  if (file.startsWith(dist) && existsSync(file) && statSync(file).isFile()) {
    const immutable = path.startsWith('/assets/');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    return send(req, res, file, type, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  }
  if (extname(path)) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No encontrado');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    return res
      .writeHead(503, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html lang="es"><title>Mentora</title><p>La web aún no está compilada: ejecuta <code>npm run build:web</code>.</p></html>');
  }
  send(req, res, index, TYPES['.html'], 'no-cache');
}

// Text is sent gzipped when the browser accepts it, as CloudFront does, so local measurements
// (Lighthouse, bundle transfer) see production-like sizes. Compressed copies are cached by mtime.
const gzipped = new Map<string, { mtime: number; body: Buffer }>();
function send(req: IncomingMessage, res: ServerResponse, file: string, type: string, cacheControl: string) {
  const body = readFileSync(file);
  const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/.test(type);
  if (!compressible || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.writeHead(200, { 'content-type': type, 'cache-control': cacheControl });
    return res.end(body);
  }
  const mtime = statSync(file).mtimeMs;
  let cached = gzipped.get(file);
  if (!cached || cached.mtime !== mtime) gzipped.set(file, (cached = { mtime, body: gzipSync(body) }));
  res.writeHead(200, { 'content-type': type, 'cache-control': cacheControl, 'content-encoding': 'gzip', vary: 'accept-encoding' });
  res.end(cached.body);
}
