import { api, accessTokenFor, retryPolicy } from '../../web/src/lib/api-client';
import { registerNavigate } from '../../web/src/lib/navigation';
import { readTokens, saveTokens } from '../../web/src/lib/token-storage';
import { useAuthStore } from '../../web/src/features/auth/store';
import { aUser, fakeApi, someTokens } from './fake-api';

// Issue 23 item 4: a 429 on POST /auth/refresh (the route's throttle, or Cognito's
// TooManyRequestsException) is retried with SPEC §9's backoff and jitter and is never a sign-out;
// only a refusal (400/401) ends the session.

const navigate = jest.fn();
const refreshed = { success: true, tokens: { accessToken: 'access-2', refreshToken: 'refresh-1', idToken: 'id-2', expiresIn: 3600 } };
const throttled: [number, unknown] = [429, { success: false, message: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.' }];

/** Runs the request while advancing the fake clock; answers when it settles, and the time waited. */
async function settle<T>(request: Promise<T>) {
  let done = false;
  const out = request.then(
    (v) => ((done = true), { ok: true as const, v }),
    (e: unknown) => ((done = true), { ok: false as const, e }),
  );
  let waited = 0;
  while (!done && waited < 60_000) {
    await jest.advanceTimersByTimeAsync(100);
    waited += 100;
  }
  return { ...(await out), waited };
}

beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  registerNavigate(navigate);
  jest.useFakeTimers();
  saveTokens(someTokens('old'));
  useAuthStore.setState({ user: aUser, isAuthenticated: true });
});
afterEach(() => {
  jest.useRealTimers();
  retryPolicy.random = Math.random;
});

describe('a throttled refresh', () => {
  it('429 twice, then tokens: the request goes through after waits of up to 1 s and 2 s (full jitter)', async () => {
    const server = fakeApi({
      'GET /users/me': (call) => (call.authorization === 'Bearer access-2' ? [200, { success: true, data: aUser }] : [401, { message: 'Unauthorized' }]),
      'POST /auth/refresh': (_c, n) => (n < 3 ? throttled : [200, refreshed]),
    });
    retryPolicy.baseMs = 1000;
    retryPolicy.random = () => 1; // the longest wait full jitter allows: 1 s, then 2 s
    const res = await settle(api.get('/users/me'));
    expect(res.ok).toBe(true);
    expect(server.count('POST /auth/refresh')).toBe(3);
    expect(res.waited).toBeGreaterThanOrEqual(3000);
    expect(res.waited).toBeLessThan(3500);
    expect(readTokens().accessToken).toBe('access-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('jitter spreads the waits: with random 0.25 they are 250 ms and 500 ms', async () => {
    fakeApi({
      'GET /users/me': (call) => (call.authorization === 'Bearer access-2' ? [200, { success: true, data: aUser }] : [401, {}]),
      'POST /auth/refresh': (_c, n) => (n < 3 ? throttled : [200, refreshed]),
    });
    retryPolicy.baseMs = 1000;
    retryPolicy.random = () => 0.25;
    const res = await settle(api.get('/users/me'));
    expect(res.ok).toBe(true);
    expect(res.waited).toBeGreaterThanOrEqual(700);
    expect(res.waited).toBeLessThan(1000);
  });

  it('429 on all 3 attempts: the request fails in Spanish, but the session stands (tokens kept, no /login)', async () => {
    const server = fakeApi({ 'GET /users/me': () => [401, {}], 'POST /auth/refresh': () => throttled });
    retryPolicy.baseMs = 1000;
    const res = await settle(api.get('/users/me'));
    expect(res.ok).toBe(false);
    expect((res as { e: Error }).e.message).toBe('No pudimos renovar tu sesión ahora mismo. Inténtalo de nuevo en unos segundos.');
    expect(server.count('POST /auth/refresh')).toBe(3);
    expect(readTokens()).toMatchObject({ accessToken: 'old', refreshToken: 'refresh-1' });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an expired token renewed before the call meets 429s: the 401 that follows is no sign-out either', async () => {
    saveTokens(someTokens('old'), Date.now() - 2 * 3600_000);
    fakeApi({ 'GET /users/me': () => [401, { message: 'Unauthorized' }], 'POST /auth/refresh': () => [503, { message: 'Service Unavailable' }] });
    retryPolicy.baseMs = 1000;
    const res = await settle(api.get('/users/me'));
    expect(res.ok).toBe(false);
    expect(readTokens().refreshToken).toBe('refresh-1');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the tutor stream\'s renewal (accessTokenFor) throws the Spanish error and keeps the session', async () => {
    fakeApi({ 'POST /auth/refresh': () => throttled });
    retryPolicy.baseMs = 10;
    const res = await settle(accessTokenFor(true));
    expect(res.ok).toBe(false);
    expect(readTokens().refreshToken).toBe('refresh-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a real refusal (401, invalid refresh token) is not retried and ends the session', async () => {
    const server = fakeApi({ 'GET /users/me': () => [401, {}], 'POST /auth/refresh': () => [401, { success: false, message: 'Tu sesión ha caducado.' }] });
    const res = await settle(api.get('/users/me'));
    expect(res.ok).toBe(false);
    expect(server.count('POST /auth/refresh')).toBe(1);
    expect(readTokens().accessToken).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a 400 (malformed refresh token) is a refusal too', async () => {
    const server = fakeApi({ 'GET /users/me': () => [401, {}], 'POST /auth/refresh': () => [400, { success: false, message: 'Token inválido' }] });
    await settle(api.get('/users/me'));
    expect(server.count('POST /auth/refresh')).toBe(1);
    expect(readTokens().refreshToken).toBeNull();
  });

  it('at start-up, a throttled refresh keeps the stored learner signed in', async () => {
    saveTokens(someTokens('old'), Date.now() - 2 * 3600_000);
    fakeApi({ 'POST /auth/refresh': () => throttled, 'GET /users/me': () => [200, { success: true, data: aUser }] });
    retryPolicy.baseMs = 10;
    const res = await settle(useAuthStore.getState().loadUser());
    expect(res).toMatchObject({ ok: true, v: true });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false });
    expect(readTokens().refreshToken).toBe('refresh-1');
  });
});
