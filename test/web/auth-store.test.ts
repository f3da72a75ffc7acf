import { useAuthStore } from '../../web/src/features/auth/store';
import { contractCheck } from '../../web/src/lib/api';
import { registerNavigate } from '../../web/src/lib/navigation';
import { readTokens, saveTokens } from '../../web/src/lib/token-storage';
import { AxiosError } from 'axios';
import { resetStartupForTests, startSession } from '../../web/src/app/providers/auth-provider';
import { aUser, fakeApi, someTokens } from './fake-api';

const initial = useAuthStore.getState();
const navigate = jest.fn();

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ ...initial, user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null }, true);
  navigate.mockReset();
  registerNavigate(navigate);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  contractCheck.mode = 'throw';
});

/** The next answer is off the contract on purpose: the store must survive it (SPEC §5), so it is logged, not thrown. */
function offContract() {
  contractCheck.mode = 'report';
  jest.spyOn(console, 'error').mockImplementation(() => {});
}

describe('auth store (SPEC §4)', () => {
  it('login: success with a user authenticates and stores the tokens under the §9 keys', async () => {
    fakeApi({ 'POST /auth/login': () => [200, { success: true, user: aUser, message: 'ok', tokens: someTokens() }] });
    // The expiry is counted from the moment of sign-in: that moment is fixed here, not read off the wall.
    const signedInAt = Date.parse('2026-11-25T10:00:00Z');
    const clock = jest.spyOn(Date, 'now').mockReturnValue(signedInAt);
    await useAuthStore.getState().login('ana@example.com', 'Secreta123').finally(() => clock.mockRestore());
    const s = useAuthStore.getState();
    expect(s).toMatchObject({ isAuthenticated: true, isLoading: false, error: null, user: aUser });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('idToken')).toBe('id-1');
    const exp = Number(localStorage.getItem('tokenExpiration'));
    expect(exp).toBe(signedInAt + 3600_000);
  });

  it('login: failure clears the user, sets the server message and rethrows', async () => {
    useAuthStore.setState({ user: aUser });
    fakeApi({ 'POST /auth/login': () => [401, { success: false, message: 'Correo o contraseña incorrectos.' }] });
    await expect(useAuthStore.getState().login('ana@example.com', 'mal')).rejects.toThrow();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false, isLoading: false, error: 'Correo o contraseña incorrectos.' });
  });

  it('login: success false or a missing user is a failure with the fallback message', async () => {
    offContract();
    fakeApi({ 'POST /auth/login': () => [200, { success: true, tokens: someTokens() }] });
    await expect(useAuthStore.getState().login('a@b.co', 'x')).rejects.toThrow('Error en el login');
    expect(useAuthStore.getState().error).toBe('Error en el login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('register stores the user and sessionId but stays NOT authenticated', async () => {
    fakeApi({ 'POST /auth/register': () => [201, { success: true, user: { id: 'u-1', email: aUser.email, nombre: aUser.nombre }, sessionid: 'sess-9', message: 'ok' }] });
    await useAuthStore.getState().register({ email: aUser.email, password: 'Secreta123', nombre: aUser.nombre });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, sessionId: 'sess-9', user: { id: 'u-1' } });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('register failure keeps the fallback "Error en el registro" when the server says nothing', async () => {
    offContract();
    fakeApi({ 'POST /auth/register': () => [200, { success: false }] });
    await expect(useAuthStore.getState().register({ email: 'a@b.co', password: 'Secreta123', nombre: 'A' })).rejects.toThrow();
    expect(useAuthStore.getState().error).toBe('Error en el registro');
  });

  it('confirm sends username = user id, code, email and sessionId, then merges the user and authenticates', async () => {
    useAuthStore.setState({ user: { id: 'u-1', email: aUser.email, nombre: aUser.nombre }, sessionId: 'sess-9' });
    const api = fakeApi({ 'POST /auth/confirm': () => [200, { success: true, user: aUser, tokens: someTokens(), message: 'ok' }] });
    await useAuthStore.getState().confirmCode('123456');
    expect(api.calls[0].body).toEqual({ username: 'u-1', code: '123456', email: aUser.email, sessionId: 'sess-9' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: aUser });
    expect(readTokens().accessToken).toBe('access-1');
  });

  it('confirm failure without a server message says "Error código inválido"', async () => {
    useAuthStore.setState({ user: { id: 'u-1', email: aUser.email, nombre: aUser.nombre } });
    offContract();
    fakeApi({ 'POST /auth/confirm': () => [200, { success: false }] });
    await expect(useAuthStore.getState().confirmCode('000000')).rejects.toThrow();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, error: 'Error código inválido' });
  });

  it('logout clears user, authentication and tokens and goes to / even when the server fails', async () => {
    saveTokens(someTokens());
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
    const api = fakeApi({ 'POST /auth/logout': () => [500, { success: false, message: 'boom' }] });
    await useAuthStore.getState().logout();
    expect(api.calls[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(readTokens()).toEqual({ accessToken: null, refreshToken: null, idToken: null, tokenExpiration: null });
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('loadUser without any token is anonymous and calls nothing', async () => {
    const api = fakeApi({});
    expect(await useAuthStore.getState().loadUser()).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null, error: null });
  });

  it('loadUser with a valid token fetches /users/me with the bearer token', async () => {
    saveTokens(someTokens('tok-A'));
    const api = fakeApi({ 'GET /users/me': () => [200, { success: true, data: aUser }] });
    expect(await useAuthStore.getState().loadUser()).toBe(true);
    expect(api.calls[0].authorization).toBe('Bearer tok-A');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: aUser });
  });

  it('loadUser failure is anonymous without an error', async () => {
    saveTokens({ ...someTokens(), refreshToken: null });
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
    fakeApi({ 'GET /users/me': () => [500, { success: false, message: 'x' }] });
    expect(await useAuthStore.getState().loadUser()).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null, error: null });
  });

  it('persists only user and isAuthenticated under "User-storage"', async () => {
    useAuthStore.setState({ user: aUser, isAuthenticated: true, sessionId: 's', error: 'e', isLoading: true });
    const saved = JSON.parse(localStorage.getItem('User-storage')!);
    expect(Object.keys(saved.state).sort()).toEqual(['isAuthenticated', 'user']);
  });

  it('social login sends the Hosted UI tokens, keeps them with no refresh token, and authenticates', async () => {
    const api = fakeApi({ 'POST /auth/loginsocial': () => [200, { success: true, user: aUser }] });
    await useAuthStore.getState().socialLogin({ accessToken: 'sa', idToken: 'si', refreshToken: null, expiresIn: 600 });
    expect(api.calls[0].body).toEqual({ accessToken: 'sa', idToken: 'si', refreshToken: null, expiresIn: 600 });
    expect(readTokens()).toMatchObject({ accessToken: 'sa', idToken: 'si', refreshToken: null });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('keeps the earlier session store (Auth-session-storage) in step with the tokens', () => {
    saveTokens(someTokens('tok-S'));
    expect(JSON.parse(localStorage.getItem('Auth-session-storage')!).state).toMatchObject({ Auth: 'tok-S', isAuthenticated: true });
  });
});

// Issue 44: a learner who was signed in opens the app with no connection and stays signed in, on the profile this
// device kept; the server is asked when the connection returns, and only its answer can end the session.
describe('starting offline (issue 44)', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => setOnline(true));
  const keptSession = (tokens: Parameters<typeof saveTokens>[0] = someTokens()) => {
    saveTokens(tokens);
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
  };

  it('the browser offline: the kept profile, no request, marked as not confirmed by the server', async () => {
    keptSession();
    const api = fakeApi({ 'GET /users/me': () => [401, { success: false, message: 'x' }] });
    setOnline(false);
    expect(await useAuthStore.getState().loadUser()).toBe(true);
    expect(api.calls).toHaveLength(0);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: aUser, profileFromDevice: true });
  });

  it('an expired access token offline is no sign-out either (nothing can renew it now)', async () => {
    keptSession({ ...someTokens(), expiresIn: -60 });
    const api = fakeApi({ 'POST /auth/refresh': () => [401, { success: false, message: 'x' }] });
    setOnline(false);
    expect(await useAuthStore.getState().loadUser()).toBe(true);
    expect(api.calls).toHaveLength(0);
    expect(readTokens().refreshToken).toBe('refresh-1');
  });

  it('/users/me gets no answer at all (the connection dropped): the kept profile stands', async () => {
    keptSession();
    fakeApi({ 'GET /users/me': () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK')) });
    expect(await useAuthStore.getState().loadUser()).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: aUser, profileFromDevice: true });
  });

  it('nobody was signed in: offline is still anonymous', async () => {
    setOnline(false);
    const api = fakeApi({});
    expect(await useAuthStore.getState().loadUser()).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
  };

  it('back online, the server is asked and its profile replaces the kept one', async () => {
    keptSession();
    resetStartupForTests();
    setOnline(false);
    const api = fakeApi({ 'GET /users/me': () => [200, { success: true, data: { ...aUser, nombre: 'Ana P.' } }] });
    await startSession();
    expect(useAuthStore.getState().profileFromDevice).toBe(true);
    expect(api.calls).toHaveLength(0);
    setOnline(true);
    await settle();
    expect(api.count('GET /users/me')).toBe(1);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, profileFromDevice: false, user: { nombre: 'Ana P.' } });
  });

  it('back online, a session the server ended is signed out then', async () => {
    keptSession({ ...someTokens(), refreshToken: null });
    resetStartupForTests();
    setOnline(false);
    fakeApi({ 'GET /users/me': () => [401, { success: false, message: 'Sesión expirada' }] });
    await startSession();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    setOnline(true);
    await settle();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
  });
});
