import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

// Debian's Chromium for the browser tests (never a download), and whether they can run here: a
// developer without a browser gets a skip that says why; CI gets a failed run that says why.

/**
 * Debian's chromium-headless-shell when it is installed (.ci/run installs it), else Debian's chromium.
 * The shell is the same Blink without the browser's own UI; it is what Playwright itself runs for
 * headless Chromium. Measured on one e2e file (social), Chromium's CPU 34-44 s as chromium, 28 s as the
 * shell: most of an e2e run's CPU is the browser's (its renderers and the GPU process compositing in
 * software), so it is the cheapest cut of CI time there (issue 42, docs/testing.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const LAUNCH = {
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--ignore-certificate-errors'],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/**
 * A Chromium of its own with a profile on disk (`dir`): the run's shared browser only makes incognito
 * contexts, where Chromium never offers to install a web app (the installability test needs a real profile).
 */
export function launchPersistentChromium(dir: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { ...LAUNCH, viewport, ignoreHTTPSErrors: true, locale: 'es-ES' });
}

/**
 * One Chromium for a whole e2e run (test/support/e2e-setup.ts): each test file connects to it and works in
 * contexts of its own (cookies, storage and pages are per context), instead of starting a browser per file.
 */
export const launchChromiumServer = () => chromium.launchServer(LAUNCH);

/** The run's Chromium when e2e-setup.ts started one (MENTORA_E2E_BROWSER), else a browser of this file's own. */
export function e2eBrowser(): Promise<Browser> {
  const endpoint = process.env.MENTORA_E2E_BROWSER;
  return endpoint ? chromium.connect(endpoint) : launchChromium();
}

/** `CI` set to anything but "false" or "0" (GitHub, GitLab and most runners set "true"; some "1"). */
export const inCI = (env: NodeJS.ProcessEnv = process.env) => Boolean(env.CI) && !['false', '0'].includes(env.CI!.trim().toLowerCase());

/** Why the browser cannot run here, or undefined when it starts and closes. */
export async function browserProblem(path = CHROMIUM, launch: () => Promise<Browser> = launchChromium): Promise<string | undefined> {
  if (!existsSync(path)) return `Chromium not found at ${path} (install it with: apt-get install -y chromium-headless-shell)`;
  try {
    await (await launch()).close();
    return undefined;
  } catch (error) {
    return `Chromium at ${path} did not start: ${String((error as Error).message).split('\n')[0]}`;
  }
}

export type BrowserGate = { run: true } | { run: false; skip: string } | { run: false; fail: string };

/** What the e2e project does about a browser problem: run, skip (locally) or fail (in CI). */
export function browserGate(problem: string | undefined, ci: boolean): BrowserGate {
  if (!problem) return { run: true };
  if (ci) return { run: false, fail: `e2e: ${problem}. The browser tests must run in CI (CI is set): failing instead of skipping.` };
  return { run: false, skip: problem };
}
