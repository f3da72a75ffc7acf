import type { Tokens, User } from '../../../lambdas/contract';
import type { IdentityProvider, TokenVerifier } from '../../../lambdas/auth/identity';
import type { UserStore } from '../../../lambdas/user-profile';
import type { SignupSessions } from '../../../lambdas/auth/signup-sessions';
import { AppError } from '../../../lambdas/shared/errors';

const jwt = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

export const tokensFor = (sub: string, email: string, name?: string): Tokens => ({
  accessToken: `access-${sub}`,
  idToken: jwt({ sub, email, name }),
  refreshToken: `refresh-${sub}`,
  expiresIn: 3600,
});

/** An in-memory identity provider with Cognito's rules, for use-case tests. */
export function fakeIdentity(opts: { nameInToken?: boolean } = {}) {
  const users = new Map<string, { sub: string; password: string; nombre: string; confirmed: boolean; code: string }>();
  const revoked = new Set<string>();
  const calls: string[] = [];
  const identity: IdentityProvider = {
    async signUp({ email, password, nombre }) {
      calls.push('signUp');
      if (users.has(email)) throw new AppError(409, 'Ya existe una cuenta con este correo electrónico.', 'UsernameExistsException');
      const sub = `sub-${users.size + 1}`;
      users.set(email, { sub, password, nombre, confirmed: false, code: '123456' });
      return { userId: sub, session: `s1-${sub}` };
    },
    async confirmSignUp({ email, code, session }) {
      calls.push('confirmSignUp');
      const u = users.get(email);
      if (!u || u.code !== code) throw new AppError(400, 'Error código inválido');
      u.confirmed = true;
      return { session: session ? `s2-${u.sub}` : null };
    },
    async signInWithSession({ email, session }) {
      calls.push('signInWithSession');
      const u = users.get(email)!;
      if (session !== `s2-${u.sub}`) throw new AppError(401, 'x');
      return tokensFor(u.sub, email, opts.nameInToken ? u.nombre : undefined);
    },
    async signIn({ email, password }) {
      calls.push('signIn');
      const u = users.get(email);
      if (!u || u.password !== password) throw new AppError(401, 'Correo o contraseña incorrectos.');
      return tokensFor(u.sub, email, opts.nameInToken ? u.nombre : undefined);
    },
    async refresh(token) {
      if (revoked.has(token)) throw new AppError(401, 'Tu sesión ha caducado. Inicia sesión de nuevo.');
      return { ...tokensFor(token.replace('refresh-', ''), 'x@example.com'), refreshToken: token };
    },
    async revoke(token) {
      revoked.add(token);
    },
    async forgotPassword(email) {
      calls.push('forgotPassword');
      const u = users.get(email);
      if (!u) throw new AppError(401, 'x', 'UserNotFoundException');
      u.code = '654321';
    },
    async resetPassword({ email, code, password }) {
      calls.push('resetPassword');
      const u = users.get(email);
      if (!u) throw new AppError(401, 'x', 'UserNotFoundException');
      if (u.code !== code) throw new AppError(400, 'Error código inválido', 'CodeMismatchException');
      u.password = password;
    },
    async noticeTaken(email) {
      calls.push(`noticeTaken ${email}`);
    },
    async resendCode(email) {
      calls.push('resendCode');
      const u = users.get(email);
      if (!u) throw new AppError(401, 'x', 'UserNotFoundException');
      if (u.confirmed) throw new AppError(400, 'Tu cuenta ya está confirmada. Inicia sesión con tu correo y contraseña.', 'InvalidParameterException');
      u.code = '111222';
    },
    async displayName(accessToken) {
      calls.push('displayName');
      return [...users.values()].find((u) => `access-${u.sub}` === accessToken)?.nombre;
    },
  };
  return { identity, users, revoked, calls };
}

export function fakeUserStore() {
  const items = new Map<string, User>();
  const store: UserStore = {
    async get(id) {
      return items.get(id);
    },
    async ensure({ id, email, nombre }) {
      const existing = items.get(id);
      const user: User = existing
        ? { ...existing, email }
        : { id, email, nombre, plan: { nombre: 'gratuito' }, intereses: [], bio: '', createdAt: '2026-01-01T00:00:00.000Z' };
      items.set(id, user);
      return user;
    },
    async updateProfile(id, changes) {
      const existing = items.get(id);
      if (!existing) return undefined;
      const user = { ...existing, ...changes };
      items.set(id, user);
      return user;
    },
  };
  return { store, items };
}

/** Our sign-up session ids and the Cognito sessions behind them, in memory. */
export function fakeSignups(): SignupSessions {
  const kept = new Map<string, string>();
  return { keep: async (token, session) => void kept.set(token, session), find: async (token) => kept.get(token) };
}

export const rejectingVerifier: TokenVerifier = {
  async verifySocial() {
    throw new Error('bad signature');
  },
};
