import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` serves the SPA as users get it (issue 34 item 11): the production build, minified and
// split, under CloudFront's policy (web-server.ts). It is built here when missing or older than any of
// its inputs, so a fresh clone and an edited web both serve what the code says; `npm run dev` keeps
// Vite's dev server for working on the web.

const ROOT = join(__dirname, '..', '..');
/** What the build reads: the SPA, its public files, its config and the API contract it imports. */
const INPUTS = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/route-preload-plugin.ts', 'lambdas/contract', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the build must run again, or undefined when web/dist is up to date. */
export function staleWebBuild(root = ROOT): string | undefined {
  const index = join(root, 'web', 'dist', 'index.html');
  if (!existsSync(index)) return 'no hay compilación';
  const built = statSync(index).mtimeMs;
  const changed = INPUTS.find((input) => newestMtime(join(root, input)) > built);
  return changed ? `${changed} ha cambiado` : undefined;
}

/** Builds web/dist with Vite when it is missing or stale; answers whether it built. */
export function ensureWebBuild(log: (line: string) => void = console.log): boolean {
  const why = staleWebBuild();
  if (!why) return false;
  log(`  Compilando la web para producción (${why})...`);
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  return true;
}
