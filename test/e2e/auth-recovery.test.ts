import type { Browser } from 'playwright-core';
import { BASE, codeFor, describeE2E, freshLearner, launch, newPage, registeredLearner, signIn, until } from './helpers';

// Issue 14 in Chromium against the local stack: a forgotten password recovered through the local
// mailbox, a new confirmation code asked for from /login, and a session that cannot be renewed.

/** Every code the local mailbox holds for `to`, newest first. */
async function codesFor(to: string): Promise<string[]> {
  const res = await fetch(`${BASE}/__local/mail?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
  return ((await res.json()) as { code: string }[]).map((m) => m.code);
}

describeE2E('accounts the learner controls (issue 14)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('recovers a forgotten password with the mailed code, and signs in with the new one', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser, 390, 844);
    try {
      await page.goto(`${BASE}/login`);
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.waitForURL('**/recuperar');
      // The page is lazy: the login form stays on screen until its chunk has loaded.
      await page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' }).waitFor();
      await page.getByLabel('Correo electrónico').fill(learner.email);
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await page.getByText('Mínimo 8 caracteres, con mayúsculas, minúsculas y números.').waitFor();
      await until(async () => (await codesFor(learner.email)).length === 2, 'the recovery code in the mailbox');
      await page.getByLabel('Código').fill(await codeFor(learner.email));
      await page.getByLabel('Nueva contraseña').fill('Recuperada-2026');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor();

      await page.getByRole('button', { name: /Lucía Gómez/ }).click();
      await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await signIn(page, { email: learner.email, password: 'Recuperada-2026' });
    } finally {
      await context.close();
    }
  });

  it('asks for a new confirmation code from /login and signs in with it', async () => {
    const learner = freshLearner();
    const res = await fetch(`${BASE}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(learner) });
    expect(res.status).toBe(201);
    const first = await codeFor(learner.email);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${BASE}/login`);
      await page.getByLabel('Correo electrónico').fill(learner.email);
      await page.getByLabel('Contraseña').fill(learner.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByRole('heading', { name: 'Confirma tu correo' }).waitFor();
      await page.getByRole('button', { name: 'Reenviar código', exact: true }).click();
      await page.getByRole('button', { name: /^Reenviar código en \d+ s$/ }).waitFor();
      expect(await page.getByRole('button', { name: /^Reenviar código en/ }).isDisabled()).toBe(true);
      await until(async () => (await codesFor(learner.email)).length === 2, 'a second code in the mailbox');
      const [second] = await codesFor(learner.email);
      expect(second).not.toBe(first);
      await page.getByLabel('Código de confirmación').fill(second);
      await page.getByRole('button', { name: 'Confirmar e iniciar sesión' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a session that cannot be renewed says so and goes to /login', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, learner);
      // The refresh token is revoked elsewhere and the access token is refused: nothing can renew the session.
      await page.evaluate(async () => {
        await fetch('/api/auth/logout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refreshToken: localStorage.getItem('refreshToken') }) });
        localStorage.setItem('accessToken', 'token-revocado');
      });
      await page.getByRole('button', { name: /Lucía Gómez/ }).click();
      await page.getByRole('link', { name: 'Perfil', exact: true }).click();
      await page.getByText('Tu sesión ha caducado. Inicia sesión de nuevo.').waitFor();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});
