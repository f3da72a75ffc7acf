import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// Shared by the browser tests: Debian's Chromium (never a download), the local stack's URL,
// and the steps every journey needs (a fresh learner, a code from the local mailbox).

export const BASE = process.env.MENTORA_E2E_URL ?? '';
export const SKIP = process.env.MENTORA_E2E_SKIP;

/** `describe`, or a skipped one that says why (no browser on this machine). */
export function describeE2E(name: string, body: () => void) {
  if (SKIP) {
    describe(name, () => {
      it.skip(`skipped: ${SKIP}`, () => {});
    });
    return;
  }
  describe(name, () => {
    // A browser on a shared 2-core machine: generous, but a hang still fails.
    jest.setTimeout(120_000);
    body();
  });
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--ignore-certificate-errors'],
  });
}

export async function newPage(browser: Browser, width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, ignoreHTTPSErrors: true, locale: 'es-ES' });
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
