import type { Browser, Page, Request } from 'playwright-core';
import { BASE, describeE2E, launch, newPage, registeredLearner, signIn, until } from './helpers';

/**
 * The API answers the page receives, by "METHOD /path status", and `settled()`: every API request
 * the page has sent so far has been answered (bounded), so "exactly one refresh" is read after the
 * last one could have happened rather than after a guessed pause.
 */
function watchApi(page: Page) {
  const seen: string[] = [];
  // The requests sent since watching began: one the previous page sent before that (the dashboard's
  // widgets, answered later) must not count down what this page has in flight.
  const inFlight = new Set<Request>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (req) => void (isApi(req.url()) && inFlight.add(req)));
  page.on('requestfinished', (req) => void inFlight.delete(req));
  page.on('requestfailed', (req) => void inFlight.delete(req));
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
  });
  return Object.assign(seen, { settled: () => until(() => inFlight.size === 0, 'every API request of the page answered') });
}

describeE2E('the session renews itself exactly once (SPEC §4 "Unauthorised response")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('an expired tokenExpiration triggers one refresh, and the request succeeds', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser);
    await signIn(page, learner);
    const before = await page.evaluate(() => localStorage.getItem('accessToken'));
    await page.evaluate(() => localStorage.setItem('tokenExpiration', String(Date.now() - 60_000)));
    const seen = watchApi(page);
    await page.goto(`${BASE}/profile`);
    await page.getByText(learner.email).waitFor();
    await seen.settled();
    expect(seen.filter((s) => s.startsWith('POST /api/auth/refresh'))).toEqual(['POST /api/auth/refresh 200']);
    expect(seen).toContain('GET /api/users/me 200');
    expect(seen.filter((s) => s.endsWith(' 401'))).toEqual([]);
    const after = await page.evaluate(() => [localStorage.getItem('accessToken'), Number(localStorage.getItem('tokenExpiration'))] as const);
    expect(after[0]).not.toBe(before);
    expect(after[1]).toBeGreaterThan(Date.now());
    await context.close();
  });

  it('a 401 triggers one refresh and one replay that succeeds', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser);
    await signIn(page, learner);
    // A token the server rejects although the client believes it valid.
    await page.evaluate(() => localStorage.setItem('accessToken', 'token-revocado'));
    const seen = watchApi(page);
    await page.goto(`${BASE}/profile`);
    await page.getByText(learner.email).waitFor();
    await seen.settled();
    expect(seen.filter((s) => s.startsWith('POST /api/auth/refresh'))).toEqual(['POST /api/auth/refresh 200']);
    expect(seen.filter((s) => s.startsWith('GET /api/users/me'))).toEqual(['GET /api/users/me 401', 'GET /api/users/me 200']);
    expect(page.url()).toBe(`${BASE}/profile`);
    await context.close();
  });

  it('when the refresh fails too, the learner goes to /login', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser);
    await signIn(page, learner);
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'token-revocado');
      localStorage.setItem('refreshToken', 'refresh-revocado');
    });
    await page.goto(`${BASE}/profile`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});
