import { api, apiCall, retryPolicy } from '../../web/src/lib/api-client';
import { isRetryable, retryAfterMs, retryDelayMs } from '../../web/src/lib/retry-policy';
import { coursesApi as courseApi } from '../../web/src/features/course/api';
import { useLoadingStore } from '../../web/src/lib/loading-store';
import { registerNavigate } from '../../web/src/lib/navigation';
import { readTokens, saveTokens } from '../../web/src/lib/token-storage';
import { useAuthStore } from '../../web/src/features/auth/store';
import { aUser, fakeApi, someTokens } from './fake-api';

const navigate = jest.fn();
const refreshed = { success: true, tokens: { accessToken: 'access-2', refreshToken: 'refresh-1', idToken: 'id-2', expiresIn: 3600 } };

beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  registerNavigate(navigate);
  useLoadingStore.setState({ isLoading: false, pending: 0 });
});

describe('API client (SPEC §4, §7)', () => {
  it('uses a 240000 ms timeout and JSON', () => {
    expect(api.defaults.timeout).toBe(240000);
    expect(api.defaults.headers['Content-Type']).toBe('application/json');
  });

  it('sends the stored access token as a bearer header, under the runtime base URL', async () => {
    saveTokens(someTokens('tok-1'));
    const server = fakeApi({ 'GET /users/me': () => [200, { success: true, data: aUser }] });
    await api.get('/users/me');
    expect(server.calls[0]).toMatchObject({ path: '/users/me', authorization: 'Bearer tok-1' });
  });

  it('on 401 refreshes once and replays the request with the new token', async () => {
    saveTokens(someTokens('old'));
    const server = fakeApi({
      'GET /users/me': (call) => (call.authorization === 'Bearer access-2' ? [200, { success: true, data: aUser }] : [401, { success: false, message: 'No autorizado' }]),
      'POST /auth/refresh': () => [200, refreshed],
    });
    const res = await api.get('/users/me');
    expect(res.data.data).toEqual(aUser);
    expect(server.count('POST /auth/refresh')).toBe(1);
    expect(server.calls.find((c) => c.path === '/auth/refresh')!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(readTokens().accessToken).toBe('access-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('several requests failing with 401 at once share a single refresh', async () => {
    saveTokens(someTokens('old'));
    // The refresh answers only once all three requests were refused: each 401 meets a refresh in flight.
    let allRefused!: () => void;
    const threeRefused = new Promise<void>((resolve) => (allRefused = resolve));
    const server = fakeApi({
      'GET /users/me': (call, n) => {
        if (call.authorization === 'Bearer access-2') return [200, { success: true, data: aUser }];
        if (n === 3) allRefused();
        return [401, {}];
      },
      'POST /auth/refresh': async () => {
        await threeRefused;
        return [200, refreshed];
      },
    });
    await Promise.all([api.get('/users/me'), api.get('/users/me'), api.get('/users/me')]);
    expect(server.count('POST /auth/refresh')).toBe(1);
  });

  it('a 401 that arrives after another request already refreshed replays with the new token, without a second refresh', async () => {
    saveTokens(someTokens('old'));
    let refreshAnswered!: () => void;
    const afterRefresh = new Promise<void>((resolve) => (refreshAnswered = resolve));
    const server = fakeApi({
      'GET /users/me': (call) => (call.authorization === 'Bearer access-2' ? [200, { success: true, data: aUser }] : [401, {}]),
      // Sent with the old token together with /users/me, refused only once the refresh is over.
      'GET /courses/my-courses': async (call) => {
        if (call.authorization === 'Bearer access-2') return [200, { success: true, data: [] }];
        await afterRefresh;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return [401, {}];
      },
      'POST /auth/refresh': () => {
        refreshAnswered();
        return [200, refreshed];
      },
    });
    await Promise.all([api.get('/users/me'), api.get('/courses/my-courses')]);
    expect(server.count('POST /auth/refresh')).toBe(1);
    expect(server.calls.filter((c) => c.path === '/courses/my-courses').map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer access-2']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries only once: a replay that fails with 401 again ends the session', async () => {
    saveTokens(someTokens('old'));
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
    const server = fakeApi({ 'GET /users/me': () => [401, {}], 'POST /auth/refresh': () => [200, refreshed] });
    await expect(api.get('/users/me')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.count('POST /auth/refresh')).toBe(1);
    expect(server.count('GET /users/me')).toBe(2);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('when the refresh fails: tokens cleared, store signed out, and off to /login', async () => {
    saveTokens(someTokens('old'));
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
    const server = fakeApi({ 'GET /users/me': () => [401, {}], 'POST /auth/refresh': () => [401, { success: false, message: 'caducada' }] });
    await expect(api.get('/users/me')).rejects.toBeTruthy();
    expect(server.count('POST /auth/refresh')).toBe(1);
    expect(readTokens().accessToken).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('an expired tokenExpiration is renewed before the call: one refresh, no 401', async () => {
    saveTokens(someTokens('old'), Date.now() - 2 * 3600_000);
    const server = fakeApi({
      'GET /users/me': (call) => (call.authorization === 'Bearer access-2' ? [200, { success: true, data: aUser }] : [401, {}]),
      'POST /auth/refresh': () => [200, refreshed],
    });
    await api.get('/users/me');
    expect(server.count('POST /auth/refresh')).toBe(1);
    expect(server.count('GET /users/me')).toBe(1);
  });

  it('does not try to refresh when login itself answers 401', async () => {
    const server = fakeApi({ 'POST /auth/login': () => [401, { success: false, message: 'Correo o contraseña incorrectos.' }] });
    await expect(api.post('/auth/login', {})).rejects.toBeTruthy();
    expect(server.count('POST /auth/refresh')).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('loading indicator by URL (SPEC §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the type and message of the route while the request runs and hides 300 ms after', async () => {
    saveTokens(someTokens());
    let release!: () => void;
    fakeApi({ 'PUT /users/profile': () => new Promise((r) => (release = () => r([200, { success: true, data: aUser, message: 'ok' }]))) });
    const pending = api.put('/users/profile', { nombre: 'Ana' });
    await jest.advanceTimersByTimeAsync(0);
    expect(useLoadingStore.getState()).toMatchObject({ isLoading: true, type: 'profile', message: 'Actualizando perfil...' });
    release();
    await pending;
    await jest.advanceTimersByTimeAsync(299);
    expect(useLoadingStore.getState().isLoading).toBe(true);
    await jest.advanceTimersByTimeAsync(1);
    expect(useLoadingStore.getState().isLoading).toBe(false);
  });

  it('a call can bring its own loading message', async () => {
    let release!: () => void;
    fakeApi({ 'POST /courses/plan': () => new Promise((r) => (release = () => r([200, {}]))) });
    const pending = apiCall({ method: 'POST', url: '/courses/plan', data: {} }, 'Preparando tu plan...');
    await jest.advanceTimersByTimeAsync(0);
    expect(useLoadingStore.getState()).toMatchObject({ type: 'generator', message: 'Preparando tu plan...' });
    release();
    await pending;
  });
});

describe('retries (SPEC §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    retryPolicy.baseMs = 1000;
    retryPolicy.random = () => 1;
  });
  afterEach(() => {
    jest.useRealTimers();
    retryPolicy.random = Math.random;
  });

  /** Runs the request while advancing the fake clock; answers when it settles, and the waits seen. */
  async function settle<T>(request: Promise<T>) {
    let done = false;
    const out = request.then(
      (v) => ((done = true), { ok: true as const, v }),
      (e) => ((done = true), { ok: false as const, e }),
    );
    let waited = 0;
    while (!done && waited < 400_000) {
      await jest.advanceTimersByTimeAsync(100);
      waited += 100;
    }
    return { ...(await out), waited };
  }

  it.each([429, 500, 502, 503, 504])('retries a GET answered %i, up to 3 attempts with exponential backoff', async (status) => {
    const server = fakeApi({ 'GET /users/me': (_c, n) => (n < 3 ? ([status, { message: 'Too Many Requests' }] as [number, unknown]) : [200, { success: true, data: aUser }]) });
    retryPolicy.baseMs = 1000;
    const res = await settle(api.get('/users/me'));
    expect(res.ok).toBe(true);
    expect(server.count('GET /users/me')).toBe(3);
    expect(res.waited).toBeGreaterThanOrEqual(3000);
    expect(res.waited).toBeLessThan(3500);
  });

  it('gives up after 3 attempts and hands the error over', async () => {
    const server = fakeApi({ 'PUT /users/profile': () => [503, { success: false, message: 'Ocupado' }] });
    retryPolicy.baseMs = 1000;
    const res = await settle(api.put('/users/profile', {}));
    expect(res.ok).toBe(false);
    expect(server.count('PUT /users/profile')).toBe(3);
  });

  it('waits a random part of the backoff (full jitter)', async () => {
    retryPolicy.random = () => 0;
    const server = fakeApi({ 'DELETE /courses/c-1': (_c, n) => (n < 3 ? [502, {}] : [200, { success: true }]) });
    retryPolicy.baseMs = 1000;
    const res = await settle(api.delete('/courses/c-1'));
    expect(server.count('DELETE /courses/c-1')).toBe(3);
    expect(res.waited).toBeLessThanOrEqual(200);
  });

  it('never retries a POST without an Idempotency-Key, and does retry one that has it', async () => {
    const server = fakeApi({ 'POST /ai-tutor/chat': () => [503, {}], 'POST /courses/plan': (_c, n) => (n < 2 ? [503, {}] : [200, { success: true }]) });
    retryPolicy.baseMs = 1000;
    expect((await settle(api.post('/ai-tutor/chat', {}))).ok).toBe(false);
    expect(server.count('POST /ai-tutor/chat')).toBe(1);
    expect((await settle(api.post('/courses/plan', {}, { headers: { 'Idempotency-Key': 'k-1' } }))).ok).toBe(true);
    expect(server.count('POST /courses/plan')).toBe(2);
  });

  it('does not retry a spent quota (Mentora\'s own 429 in Spanish)', async () => {
    const server = fakeApi({ 'GET /x': () => [429, { success: false, message: 'Has alcanzado el límite' }] });
    retryPolicy.baseMs = 1000;
    expect((await settle(api.get('/x'))).ok).toBe(false);
    expect(server.count('GET /x')).toBe(1);
  });

  it('honours Retry-After, capped at 300 s', () => {
    const error = (value: string) => ({ config: { method: 'get', headers: {} }, response: { status: 429, data: {}, headers: { 'retry-after': value } } }) as never;
    expect(retryDelayMs(0, error('7'))).toBe(7000);
    expect(retryDelayMs(0, error('100000'))).toBe(300_000);
    // An HTTP date counts from the moment the answer is read, given here rather than read off the wall.
    expect(retryAfterMs(error('Wed, 25 Nov 2026 10:00:05 GMT'), Date.parse('2026-11-25T10:00:00Z'))).toBe(5000);
  });

  it('retries network errors and timeouts of idempotent calls', () => {
    expect(isRetryable({ config: { method: 'get', headers: {} }, code: 'ECONNABORTED' } as never)).toBe(true);
    expect(isRetryable({ config: { method: 'get', headers: {} }, code: 'ERR_NETWORK' } as never)).toBe(true);
    expect(isRetryable({ config: { method: 'post', headers: {} }, code: 'ERR_NETWORK' } as never)).toBe(false);
    expect(isRetryable({ config: { method: 'get', headers: {} }, response: { status: 400, data: { success: false } } } as never)).toBe(false);
  });

  it('sends a fresh Idempotency-Key with each course request, the same on its retries', async () => {
    // What the server answers to a course request (the contract's POST /courses/plan answer).
    const curso = {
      courseId: 'c-1', titulo: 'Roma', descripcion: 'Historia de Roma.', topic: 'Roma', nivel: 'principiante', estado: 'generando', modo: 'ia', jobId: 'j',
      progreso: { completadas: 0, total: 0, porcentaje: 0 }, createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z',
    };
    const started = { success: true, curso, jobId: 'j', message: 'Estamos creando tu curso' };
    const keys: string[] = [];
    fakeApi({ 'POST /courses/plan': (c, n) => (keys.push(c.idempotencyKey ?? ''), n === 1 ? [503, {}] : [200, started]) });
    retryPolicy.baseMs = 1000;
    await settle(courseApi.plan({ topic: 'Roma', level: 'principiante' }));
    await settle(courseApi.plan({ topic: 'Roma', level: 'principiante' }));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
