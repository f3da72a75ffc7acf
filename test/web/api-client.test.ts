import { api, apiCall } from '../../web/src/lib/api-client';
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
