// jest globalSetup for the e2e project: builds the SPA once, then starts the local stack (in its
// own process) serving that build, exactly as `npm start` would after `npm run build:web`.
// Without Debian's Chromium the browser tests are skipped (and say why) — except in CI, where
// a missing browser fails the run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnStack } from './spawn-stack';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');

export default async function setup() {
  if (!existsSync(CHROMIUM)) {
    const reason = `Chromium not found at ${CHROMIUM} (install it with: apt-get install -y chromium)`;
    if (process.env.CI === 'true') throw new Error(`e2e: ${reason}; a browser is required in CI.`);
    process.env.MENTORA_E2E_SKIP = reason;
    console.warn(`\n[e2e] SKIPPED: ${reason}\n`);
    return;
  }
  if (process.env.MENTORA_E2E_NO_BUILD !== '1') {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
  }
  const stack = await spawnStack({ port: 0, web: 'dist' });
  // Its own names: jest runs every project's globalSetup in this one process, and the integration
  // project's stack (no web) must not replace this one.
  (globalThis as Record<string, unknown>).__MENTORA_E2E_STACK__ = stack;
  process.env.MENTORA_E2E_URL = stack.url;
}
