import type { Browser, Page } from 'playwright-core';
import { BASE, describeE2E, launch, newPage, registeredLearner } from './helpers';

// The Hosted UI path of SPEC §4 against cognito-local's /oauth2/authorize form behind the local
// HTTPS front: Amplify (loaded lazily on click) redirects with PKCE, the form signs in a local
// learner (Google itself cannot be emulated), the app exchanges the code and calls /auth/loginsocial.

describeE2E('social sign-in through the local Hosted UI (SPEC §4 "Social session")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  async function throughHostedUi(page: Page, provider: 'Google' | 'Microsoft', username: string, password: string) {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${BASE}/login`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    // Amplify is not part of the first load.
    expect(scripts.some((s) => s.includes('social-sign-in'))).toBe(false);
    await page.getByRole('button', { name: `Continuar con ${provider}` }).click();
    await page.waitForURL(/\/oauth2\/authorize\?/);
    const authorize = new URL(page.url());
    expect(authorize.protocol).toBe('https:');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('identity_provider')).toBe(provider);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${BASE}/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.locator('form [type=submit], form button').first().click();
  }

  it('signs a learner in with Google and lands on /dashboard, signed in after a reload', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser);
    const social: number[] = [];
    page.on('response', (r) => r.url().endsWith('/api/auth/loginsocial') && social.push(r.status()));
    await throughHostedUi(page, 'Google', learner.email, learner.password);
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor();
    expect(social).toEqual([200]);
    const stored = await page.evaluate(() => ({ access: localStorage.getItem('accessToken'), refresh: localStorage.getItem('refreshToken') }));
    expect(stored.access).toBeTruthy();
    expect(stored.refresh).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: /Hola, Lucía/ }).waitFor();
    await context.close();
  });

  it('a failed exchange toasts the error and leaves the learner signed out', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser);
    // The backend refuses the social tokens: the toast shows its message.
    await page.route('**/api/auth/loginsocial', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Token social no válido' }) }),
    );
    await throughHostedUi(page, 'Microsoft', learner.email, learner.password);
    await page.getByText('Token social no válido').waitFor({ timeout: 20_000 });
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});
