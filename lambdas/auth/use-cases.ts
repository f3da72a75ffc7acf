import { randomBytes, randomUUID } from 'node:crypto';
import type { ConfirmRequest, LoginRequest, RegisterRequest, SocialLoginRequest, Tokens, User } from '../contract';
import { AppError, badRequest, unauthorized } from '../shared/errors';
import type { UserStore } from '../user-profile';
import { logger } from '../shared/logger';
import type { IdentityClaims, IdentityProvider, TokenVerifier } from './identity';
import type { SignupSessions } from './signup-sessions';

export interface AuthPorts {
  identity: IdentityProvider;
  users: UserStore;
  verifier: TokenVerifier;
  signups: SignupSessions;
}

/** Claims of an id token Cognito just handed us over TLS; its signature needs no second check. */
export function idTokenClaims(idToken: string): IdentityClaims {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as IdentityClaims;
  return { sub: payload.sub, email: payload.email, name: payload.name };
}

const displayName = (claims: IdentityClaims) => claims.name?.trim() || claims.email.split('@')[0];

async function learnerFor(users: UserStore, claims: IdentityClaims): Promise<User> {
  return users.ensure({ id: claims.sub, email: claims.email, nombre: displayName(claims) });
}

const TAKEN = new Set(['UsernameExistsException', 'AliasExistsException']);

/**
 * Issue 31: a taken address gets the answer a new one gets (201, a random user id, a random
 * session id, the same message), so registering tells no one which addresses have an account;
 * its owner is mailed a notice instead (registration-notice.ts). A wrong code on /auth/confirm
 * then reads the same for both.
 */
export async function register({ identity, signups }: AuthPorts, input: RegisterRequest) {
  const sessionid = randomBytes(32).toString('base64url');
  let userId: string;
  try {
    const out = await identity.signUp(input);
    userId = out.userId;
    if (out.session) await signups.keep(sessionid, out.session);
  } catch (error) {
    if (!(error instanceof AppError && TAKEN.has(error.code))) throw error;
    // The notice is best effort: its failure (Cognito's per-user code limit included) must not show.
    await identity.noticeTaken(input.email).catch((e: Error) => logger.warn('registration notice not sent', { error: e.name }));
    userId = randomUUID();
  }
  return {
    user: { id: userId, email: input.email, nombre: input.nombre },
    sessionid,
    message: `Te enviamos un código de verificación a ${input.email}.`,
  };
}

/**
 * Confirms the code and signs the learner in with the session Cognito chains from SignUp
 * through ConfirmSignUp to InitiateAuth(USER_AUTH): the password is never sent again.
 */
export async function confirm({ identity, users, signups }: AuthPorts, input: ConfirmRequest) {
  const chained = input.sessionId ? await signups.find(input.sessionId) : undefined;
  const { session } = await identity.confirmSignUp({ email: input.email, code: input.code, session: chained });
  if (!session) {
    throw new AppError(401, 'Tu cuenta está confirmada. Inicia sesión con tu correo y contraseña.', 'SessionMissing');
  }
  const tokens = await identity.signInWithSession({ email: input.email, session });
  const claims = idTokenClaims(tokens.idToken);
  if (claims.sub !== input.username) throw badRequest('Error código inválido');
  // The learner is created now, with the name they registered with (not every pool puts it in the id token).
  claims.name ??= await identity.displayName(tokens.accessToken);
  return { user: await learnerFor(users, claims), tokens, message: 'Cuenta confirmada. ¡Bienvenido a Mentora!' };
}

export async function login({ identity, users }: AuthPorts, input: LoginRequest) {
  // The code step of /login: the account was never confirmed; confirm it, then sign in as usual.
  if (input.code) await identity.confirmSignUp({ email: input.email, code: input.code });
  const tokens = await identity.signIn({ email: input.email, password: input.password });
  const claims = idTokenClaims(tokens.idToken);
  // A first sign-in creates the learner: with the registered name, as confirm does.
  if (input.code) claims.name ??= await identity.displayName(tokens.accessToken);
  const user = await learnerFor(users, claims);
  return { user, tokens, message: `¡Hola de nuevo, ${user.nombre}!` };
}

export async function refresh({ identity }: AuthPorts, refreshToken: string): Promise<{ tokens: Tokens }> {
  return { tokens: await identity.refresh(refreshToken) };
}

export async function logout({ identity }: AuthPorts, refreshToken?: string | null) {
  // Revoking an already revoked or unknown token is not the learner's problem: they are signed out.
  if (refreshToken) await identity.revoke(refreshToken).catch(() => undefined);
  return { message: 'Sesión cerrada' };
}

export async function socialLogin({ verifier, users }: AuthPorts, input: SocialLoginRequest) {
  const accessToken = 'token' in input ? input.token : input.accessToken;
  const idToken = 'idToken' in input ? input.idToken : undefined;
  let claims: IdentityClaims;
  try {
    claims = await verifier.verifySocial({ accessToken, idToken });
  } catch {
    throw unauthorized('No pudimos verificar tu inicio de sesión. Inténtalo de nuevo.');
  }
  return { user: await learnerFor(users, claims) };
}
