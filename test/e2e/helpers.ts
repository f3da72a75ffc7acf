import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { e2eBrowser, inCI } from '../support/e2e-browser';
import { axeViolations, seriousOnly, WCAG_21_AA } from '../support/axe';

// Shared by the browser tests: Debian's Chromium (never a download), the local stack's URL,
// and the steps every journey needs (a fresh learner, a code from the local mailbox).

export const BASE = process.env.MENTORA_E2E_URL ?? '';
export const SKIP = process.env.MENTORA_E2E_SKIP;

/** `describe`, or a skipped one that says why (no browser on this machine); never a skip in CI. */
export function describeE2E(name: string, body: () => void) {
  if (SKIP && inCI()) {
    describe(name, () => {
      it('runs in CI', () => {
        throw new Error(`The browser tests cannot run (${SKIP}) and CI is set: they must not be skipped.`);
      });
    });
    return;
  }
  if (SKIP) {
    describe(name, () => {
      it.skip(`skipped: ${SKIP}`, () => {});
    });
    return;
  }
  describe(name, () => {
    // A bound, not a pace: a journey took 113-125 s in band on two cores, and CI runs two test files at
    // once (jest.config.js maxWorkers). A hang still fails, after five minutes.
    jest.setTimeout(300_000);
    body();
  });
}

/** The run's one Chromium (its `close()` ends this file's connection and contexts, not the browser). */
export const launch = (): Promise<Browser> => e2eBrowser();

/** A download's text. The run's Chromium is a remote one (`path()` is not available then): saved where this file can read it. */
export async function downloadedText(download: Download): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'mentora-e2e-')), download.suggestedFilename());
  await download.saveAs(file);
  return readFileSync(file, 'utf8');
}

/** Waits until `condition()` holds, checking every 20 ms, failing with `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Still waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * CSS animations and transitions off in every page of a browser test, as Playwright's own screenshots do
 * (`animations: 'disabled'`): a spinner turning while a course is written made Chromium composite 60 frames
 * a second in software. Measured with the CPU sampler (issue 42): courses.e2e 114 -> 87 CPU-s (its GPU
 * process 25 -> 12 s), remedial.e2e 71 -> 63. What the tests prove (overlays, focus, scroll, layout) does
 * not depend on motion; the app uses no animationend/transitionend.
 */
function stillCss() {
  const add = () => {
    const style = document.createElement('style');
    style.textContent = '*,*::before,*::after{animation:none!important;transition:none!important}';
    document.head.append(style);
  };
  if (document.head) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
}

/**
 * A fresh context and page. The service worker (issue 44) is blocked here: once it controls a page, Chromium
 * no longer reports that page's fall-through API calls to `page.on('response')` (social-sign-in's refresh
 * count saw none), and journeys observe the app's network. The worker has its own test, in a browser of its
 * own: installable.e2e.test.ts.
 */
export async function newPage(browser: Browser, width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, ignoreHTTPSErrors: true, locale: 'es-ES', serviceWorkers: 'block' });
  await context.addInitScript(stillCss);
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
export function freshLearner() {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `e2e-${id}@example.com`, password: 'Clave-Segura1', nombre: 'Lucía Gómez' };
}

/** Reads the newest confirmation code sent to `to` from the local mailbox. */
export async function codeFor(to: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await fetch(`${BASE}/__local/mail?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
    const mails = (await res.json()) as { to: string; code: string }[];
    const mail = mails.find((m) => m.to === to);
    if (mail) return mail.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No confirmation code reached ${to}`);
}

/** Registers and confirms a learner through the API, as a fixture for tests that start signed in. */
export async function registeredLearner() {
  const learner = freshLearner();
  const post = (path: string, body: unknown) =>
    fetch(`${BASE}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => {
      const json = await r.json();
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
      return json;
    });
  const reg = await post('/auth/register', learner);
  const code = await codeFor(learner.email);
  await post('/auth/confirm', { username: reg.user.id, code, email: learner.email, sessionId: reg.sessionid ?? undefined });
  return learner;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, learner: { email: string; password: string }) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Correo electrónico').fill(learner.email);
  await page.getByLabel('Contraseña').fill(learner.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: /Hola/ }).waitFor();
}

/** A JSON call to the stack's API, as the SPA makes it (answers the parsed body, whatever the status). */
export async function api(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** A signed-up learner with a generated 2 × 2 course ("Astronomía básica"), made through the API. */
export async function learnerWithCourse() {
  const learner = await registeredLearner();
  const token = (await api('POST', '/api/auth/login', undefined, { email: learner.email, password: learner.password })).tokens.accessToken as string;
  const plan = await api('POST', '/api/courses/plan', token, { topic: 'Astronomía básica', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  const courseId = plan.curso.courseId as string;
  await until(async () => (await api('GET', `/api/jobs/${plan.jobId}`, token)).data.status === 'completado', `course ${courseId} generated`, 60_000);
  return { learner, token, courseId };
}

/**
 * axe-core's serious and critical violations on the page as it settles, one line each. A toast or
 * the blocking overlay mid-fade has no settled colours to judge, so both are waited out (bounded)
 * first. `bestPractice: false` checks WCAG 2.1 AA alone.
 */
export async function seriousViolations(page: Page, { bestPractice = true } = {}): Promise<string[]> {
  // No toast for two looks 300 ms apart: one that follows an action's answer a moment later (the
  // sharing e2e saw a toast's title judged mid-fade at 390 px) is waited out too.
  await page.evaluate(() => void delete (window as unknown as { __quietSince?: number }).__quietSince);
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quietSince?: number };
      if (document.querySelector('[data-sonner-toast], [data-sonner-toaster] [data-title]')) return (w.__quietSince = undefined), false;
      w.__quietSince ??= performance.now();
      return performance.now() - w.__quietSince >= 300;
    },
    undefined,
    { timeout: 10_000, polling: 100 },
  );
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 5_000 });
  return seriousOnly(await axeViolations(page, bestPractice ? [...WCAG_21_AA, 'best-practice'] : WCAG_21_AA));
}

/**
 * How far the page scrolls sideways (px; 0 when it does not): what a learner on a phone sees as a page
 * that wobbles left and right. Content wider than the screen must scroll inside its own box instead.
 */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/** The two widths every screen is judged at: a computer and a phone. */
export const WIDTHS = [
  [1280, 900],
  [390, 844],
] as const;

/**
 * What a learner on a computer and one on a phone would meet on this screen: axe's serious findings
 * and any sideways scroll, at 1280 and then at 390 px, with a screenshot of each through `shot`. A
 * journey walks once and judges its screens at both widths here: walking it again at 390 px repeated
 * the setup (a paid teacher, a written course) for the same screens (issue 42: CI time). The page
 * goes back to the width it had.
 */
export async function problemsAtBothWidths(page: Page, shot?: (width: number) => Promise<void>): Promise<string[]> {
  const before = page.viewportSize();
  const problems: string[] = [];
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    problems.push(...(await seriousViolations(page)).map((v) => `${width} px: ${v}`));
    const overflow = await sidewaysOverflow(page);
    if (overflow) problems.push(`${width} px: scrolls ${overflow} px sideways`);
    await shot?.(width);
  }
  if (before) await page.setViewportSize(before);
  return problems;
}

/**
 * Runs `body` while no other file moves the stack's clock. The clock is the whole stack's: courses.e2e and
 * review.test each move it a day on, and run at once in two workers they saw each other's days (review found
 * its fresh cards due, 10 where 0; a reset found a day-old card not due). A lock directory per stack, taken
 * by mkdir (atomic across workers) and removed after; one older than the run's bound is passed over.
 */
export async function whileTheClockIsMine<T>(body: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `mentora-e2e-clock-${new URL(BASE).port}`);
  const deadline = Date.now() + 280_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
