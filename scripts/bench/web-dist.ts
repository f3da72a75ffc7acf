import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// What the browser benches (web-lighthouse, web-first-paint) share: the Chromium they drive and a
// fresh production build of the SPA to serve.

export const ROOT = join(__dirname, '..', '..');
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Builds web/dist; false (and a failed run on CI) when this machine has no Chromium to measure with. */
export function buildForChromium(bench: string): boolean {
  if (!existsSync(CHROME)) {
    console.log(`${bench}: SKIPPED, no Chromium at ${CHROME}`);
    if (process.env.CI === 'true') process.exitCode = 1;
    return false;
  }
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  return true;
}
