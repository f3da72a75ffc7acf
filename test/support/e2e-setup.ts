// jest globalSetup for the e2e project: builds the SPA once, then starts the local stack (in its
// own process) serving that build, exactly as `npm start` would after `npm run build:web`.
// Chromium is started once first: without a working one the browser tests are skipped (and say
// why) on a developer's machine, and the run FAILS in CI (CI set), where a skip would hide them.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { browserGate, browserProblem, inCI, launchChromiumServer } from './e2e-browser';
import { startSharedDynamo } from './shared-dynamo';
import { spawnStack } from './spawn-stack';

const ROOT = join(__dirname, '..', '..');

export default async function setup() {
  const gate = browserGate(await browserProblem(), inCI());
  if ('fail' in gate) throw new Error(gate.fail);
  if ('skip' in gate) {
    process.env.MENTORA_E2E_SKIP = gate.skip;
    console.warn(`\n[e2e] SKIPPED: ${gate.skip}\n`);
    return;
  }
  if (process.env.MENTORA_E2E_NO_BUILD !== '1') {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
  }
  // One browser for every file: 26 files each started their own Chromium before.
  const browser = await launchChromiumServer();
  (globalThis as Record<string, unknown>).__MENTORA_E2E_BROWSER__ = browser;
  process.env.MENTORA_E2E_BROWSER = browser.wsEndpoint();
  await startSharedDynamo();
  const stack = await spawnStack({ port: 0, web: 'dist' });
  // Its own names: jest runs every project's globalSetup in this one process, and the integration
  // project's stack (no web) must not replace this one.
  (globalThis as Record<string, unknown>).__MENTORA_E2E_STACK__ = stack;
  process.env.MENTORA_E2E_URL = stack.url;
}
