import type { Browser, Page } from 'playwright-core';
import { BASE, codeFor, describeE2E, freshLearner, launch, newPage, until } from './helpers';

// The Hosted UI path of SPEC §4 against the local Hosted UI behind the local HTTPS front: Amplify
// (loaded lazily on click) redirects with PKCE; Google and Microsoft cannot be reached from here,
// so the local Hosted UI asks for the provider account's email and name (infra/local/cognito-federation.ts),
// links it to a registered learner with that email as the pre-sign-up trigger does on AWS, and the
// app exchanges the code and calls /auth/loginsocial. Issue 14: the session keeps Cognito's refresh
// token, and signing out also ends the Hosted UI's own session.

/** Registers and confirms a learner through the API; answers their id too. */
async function registered() {
  const learner = freshLearner();
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${BASE}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as { user: { id: string }; sessionid?: string };
  };
  const reg = await post('/auth/register', learner);
  await post('/auth/confirm', { username: reg.user.id, code: await codeFor(learner.email), email: learner.email, sessionId: reg.sessionid ?? undefined });
  return { ...learner, id: reg.user.id };
}

const sub = (page: Page) =>
  page.evaluate(() => JSON.parse(atob((localStorage.getItem('idToken') ?? '..').split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string }).then((c) => c.sub);

describeE2E('social sign-in through the local Hosted UI (SPEC §4 "Social session", issue 14)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  async function startSocial(page: Page, provider: 'Google' | 'Microsoft') {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${BASE}/login`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    // Amplify is not part of the first load.
    expect(scripts.some((s) => s.includes('social-sign-in'))).toBe(false);
    await page.getByRole('button', { name: `Continuar con ${provider}` }).click();
  }

  async function throughHostedUi(page: Page, provider: 'Google' | 'Microsoft', email: string, nombre = 'Lucía Gómez') {
    await startSocial(page, provider);
    await page.waitForURL(/\/oauth2\/authorize\?/);
    const authorize = new URL(page.url());
    expect(authorize.protocol).toBe('https:');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('identity_provider')).toBe(provider);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${BASE}/`);
    await page.getByLabel(`Correo de ${provider}`).fill(email);
    await page.getByLabel('Nombre').fill(nombre);
    await page.getByRole('button', { name: 'Continuar' }).click();
  }

  it('links Google to the learner who registered with that email: same id, a refresh token that renews the session', async () => {
    const learner = await registered();
    const { context, page } = await newPage(browser);
    const social: number[] = [];
    page.on('response', (r) => r.url().endsWith('/api/auth/loginsocial') && social.push(r.status()));
    await throughHostedUi(page, 'Google', learner.email, 'Otro Nombre');
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor();
    expect(social).toEqual([200]);
    expect(await sub(page)).toBe(learner.id);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();

    // An expired access token is renewed with Cognito's refresh token, as for an email session.
    const refreshes: number[] = [];
    page.on('response', (r) => r.url().endsWith('/api/auth/refresh') && refreshes.push(r.status()));
    await page.evaluate(() => localStorage.setItem('tokenExpiration', String(Date.now() - 60_000)));
    await page.reload();
    await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor();
    expect(refreshes).toEqual([200]);
    await context.close();
  });

  it('gives a new email its own learner, the same one on the next sign-in', async () => {
    const email = freshLearner().email;
    const { context, page } = await newPage(browser);
    await throughHostedUi(page, 'Microsoft', email, 'Marta Ruiz');
    await page.getByRole('heading', { name: /Hola, Marta/ }).waitFor({ timeout: 20_000 });
    const first = await sub(page);
    await context.close();
    const again = await newPage(browser);
    await throughHostedUi(again.page, 'Microsoft', email, 'Marta Ruiz');
    await again.page.getByRole('heading', { name: /Hola, Marta/ }).waitFor({ timeout: 20_000 });
    expect(await sub(again.page)).toBe(first);
    await again.context.close();
  });

  it('signing out also ends the Hosted UI session: the next "Continuar con Google" asks again', async () => {
    const learner = await registered();
    const { context, page } = await newPage(browser);
    await throughHostedUi(page, 'Google', learner.email);
    await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor({ timeout: 20_000 });

    // While the Hosted UI session lives, a new sign-in goes straight through (what a shared computer must not keep).
    await page.evaluate(() => localStorage.clear());
    await startSocial(page, 'Google');
    await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor({ timeout: 20_000 });

    const hostedLogout: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/logout' && hostedLogout.push(r.url()));
    await page.getByRole('button', { name: /Lucía Gómez/ }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await until(() => hostedLogout.length === 1, 'the Hosted UI /logout');
    const logout = new URL(hostedLogout[0]);
    expect(logout.searchParams.get('logout_uri')).toBe(`${BASE}/`);
    expect(logout.searchParams.get('client_id')).toBeTruthy();
    await page.waitForURL(`${BASE}/`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();

    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await page.getByLabel('Correo de Google').waitFor();
    await context.close();
  });

  it('a failed exchange toasts the error and leaves the learner signed out', async () => {
    const learner = await registered();
    const { context, page } = await newPage(browser);
    // The backend refuses the social tokens: the toast shows its message.
    await page.route('**/api/auth/loginsocial', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Token social no válido' }) }),
    );
    await throughHostedUi(page, 'Microsoft', learner.email);
    await page.getByText('Token social no válido').waitFor({ timeout: 20_000 });
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});
