import { confirm, login, logout, refresh, register, socialLogin } from '../../../lambdas/auth/use-cases';
import { fakeIdentity, fakeSignups, fakeUserStore, rejectingVerifier } from './fakes';

const setup = (opts?: { nameInToken?: boolean }) => {
  const id = fakeIdentity(opts);
  const users = fakeUserStore();
  return { ...id, items: users.items, ports: { identity: id.identity, users: users.store, verifier: rejectingVerifier, signups: fakeSignups() } };
};
const input = { email: 'ana@example.com', password: 'Aprender2025', nombre: 'Ana' };

describe('register', () => {
  it('answers the new user and the sign-in session, but creates no learner yet', async () => {
    const { ports, items } = setup();
    const out = await register(ports, input);
    expect(out).toEqual({ user: { id: 'sub-1', email: input.email, nombre: 'Ana' }, sessionid: expect.stringMatching(/^[\w-]{43}$/), message: expect.stringContaining(input.email) });
    expect(items.size).toBe(0);
  });

  it('answers a taken address as a new one (a random id and session, the same message) and mails its owner', async () => {
    const { ports, calls } = setup();
    const first = await register(ports, input);
    const again = await register(ports, { ...input, password: 'Otra-Clave99', nombre: 'Intrusa' });
    expect(again).toEqual({ user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: input.email, nombre: 'Intrusa' }, sessionid: expect.stringMatching(/^[\w-]{43}$/), message: first.message });
    expect(again.sessionid).not.toBe(first.sessionid);
    expect(calls).toEqual(['signUp', 'signUp', `noticeTaken ${input.email}`]);
    // Its code step reads like any wrong code; the owner's account is untouched.
    await expect(confirm(ports, { username: again.user.id, code: '000000', email: input.email, sessionId: again.sessionid })).rejects.toMatchObject({ status: 400, message: 'Error código inválido' });
  });

  it('still answers alike when the notice cannot be sent', async () => {
    const { ports, identity } = setup();
    await register(ports, input);
    identity.noticeTaken = () => Promise.reject(Object.assign(new Error('limit'), { name: 'LimitExceededException' }));
    await expect(register(ports, input)).resolves.toMatchObject({ user: { email: input.email }, sessionid: expect.any(String) });
  });
});

describe('confirm', () => {
  it('signs the learner in with the chained session, never with the password', async () => {
    const { ports, calls, items } = setup({ nameInToken: true });
    const reg = await register(ports, input);
    const out = await confirm(ports, { username: reg.user.id, code: '123456', email: input.email, sessionId: reg.sessionid });
    expect(out.tokens.accessToken).toBe('access-sub-1');
    expect(out.user).toMatchObject({ id: 'sub-1', nombre: 'Ana', plan: { nombre: 'gratuito' } });
    expect(calls).toEqual(['signUp', 'confirmSignUp', 'signInWithSession']);
    expect(items.get('sub-1')).toBeDefined();
  });

  it('reads the registered name from the pool when the id token lacks it', async () => {
    const { ports, calls } = setup({ nameInToken: false });
    const reg = await register(ports, input);
    const out = await confirm(ports, { username: reg.user.id, code: '123456', email: input.email, sessionId: reg.sessionid });
    expect(out.user.nombre).toBe('Ana');
    expect(calls).toContain('displayName');
  });

  it('creates nothing when the code is wrong', async () => {
    const { ports, items } = setup();
    const reg = await register(ports, input);
    await expect(confirm(ports, { username: reg.user.id, code: '999999', email: input.email, sessionId: reg.sessionid })).rejects.toMatchObject({ status: 400, message: 'Error código inválido' });
    expect(items.size).toBe(0);
  });

  it('asks to sign in with the password when no session came back', async () => {
    const { ports } = setup();
    const reg = await register(ports, input);
    await expect(confirm(ports, { username: reg.user.id, code: '123456', email: input.email })).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/Inicia sesión/) });
  });

  it('refuses a user id that is not the confirmed account', async () => {
    const { ports, items } = setup();
    await register(ports, input);
    const reg = await register(ports, { ...input, email: 'b@example.com' });
    await expect(confirm(ports, { username: 'sub-1', code: '123456', email: 'b@example.com', sessionId: reg.sessionid })).rejects.toMatchObject({ status: 400 });
    expect(items.size).toBe(0);
  });
});

describe('login', () => {
  it('answers the learner, a greeting and the tokens', async () => {
    const { ports, users } = setup({ nameInToken: true });
    await register(ports, input);
    users.get(input.email)!.confirmed = true;
    const out = await login(ports, { email: input.email, password: input.password });
    expect(out.user.id).toBe('sub-1');
    expect(out.message).toMatch(/Ana/);
    expect(out.tokens.refreshToken).toBe('refresh-sub-1');
  });

  it('passes the identity provider\'s refusal on', async () => {
    const { ports } = setup();
    await expect(login(ports, { email: input.email, password: 'x' })).rejects.toMatchObject({ status: 401 });
  });
});

describe('refresh and logout', () => {
  it('refuses a refresh token after logout', async () => {
    const { ports } = setup();
    await expect(refresh(ports, 'refresh-sub-1')).resolves.toMatchObject({ tokens: { refreshToken: 'refresh-sub-1' } });
    await logout(ports, 'refresh-sub-1');
    await expect(refresh(ports, 'refresh-sub-1')).rejects.toMatchObject({ status: 401 });
  });

  it('logs out even without a refresh token', async () => {
    const { ports } = setup();
    await expect(logout(ports, undefined)).resolves.toEqual({ message: 'Sesión cerrada' });
  });
});

describe('social login', () => {
  it('answers 401 in Spanish and creates nobody when the tokens do not verify', async () => {
    const { ports, items } = setup();
    await expect(socialLogin(ports, { token: 'forged' })).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/No pudimos verificar/) });
    expect(items.size).toBe(0);
  });
});
