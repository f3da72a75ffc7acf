import { NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { User } from 'cognito-local/lib/services/userPoolService';
import type { CognitoRequest, TargetHandlers } from './cognito-user-auth';

/**
 * Cognito's global sign-out, which cognito-local 5.3 lacks (issue 20, item 4): GlobalSignOut (with
 * the user's access token) and AdminUserGlobalSignOut (by user name). As on Cognito, every refresh
 * token of the user stops working (REFRESH_TOKEN_AUTH answers NotAuthorizedException, as cognito-local
 * does for any token it no longer holds), and the access tokens issued before are refused by the
 * calls that take one (GetUser, ChangePassword, GlobalSignOut): NotAuthorizedException "Access Token
 * has been revoked". The moment is kept on the stored user (`GlobalSignOutAt`, epoch ms).
 */

type SignedOutUser = User & { GlobalSignOutAt?: number };

/** The claims of a token cognito-local issued. */
function claimsOf(token: unknown): { client_id?: string; username?: string; iat?: number } | null {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as { client_id?: string; username?: string; iat?: number };
  } catch {
    return null;
  }
}

/** `iat` counts whole seconds: a token of the sign-out's own second counts as issued before it (lambdas/shared/session-cutoff.ts does the same). */
const revoked = (user: SignedOutUser, iat: number) => user.GlobalSignOutAt !== undefined && iat * 1000 <= user.GlobalSignOutAt;

export function signOutHandlers(services: Services, router: Router, logger: unknown, others: TargetHandlers): TargetHandlers {
  const ctx = { logger: logger as never };

  /** The token's user, refused when the token was revoked. */
  const ownerOf = async (accessToken: unknown) => {
    const claims = claimsOf(accessToken);
    if (!claims?.client_id || !claims.username) throw new NotAuthorizedError('Invalid Access Token');
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await pool.getUserByUsername(ctx, claims.username);
    if (!user) throw new UserNotFoundError();
    if (revoked(user, Number(claims.iat))) throw new NotAuthorizedError('Access Token has been revoked');
    return { pool, user };
  };

  const signOut = async (pool: Awaited<ReturnType<typeof services.cognito.getUserPool>>, user: SignedOutUser) => {
    await pool.saveUser(ctx, { ...user, RefreshTokens: [], GlobalSignOutAt: Date.now(), UserLastModifiedDate: services.clock.get() } as User);
    return {};
  };

  /** A handler of the extension's (or cognito-local's own router) that first checks the caller's token. */
  const guarded = (target: string) => async (body: CognitoRequest) => {
    await ownerOf(body.AccessToken);
    return others[target] ? others[target](body) : (router(target)(ctx, body) as Promise<unknown>);
  };

  return {
    GetUser: guarded('GetUser'),
    ChangePassword: guarded('ChangePassword'),
    async GlobalSignOut(body) {
      const { pool, user } = await ownerOf(body.AccessToken);
      return signOut(pool, user);
    },
    async AdminUserGlobalSignOut(body) {
      const pool = await services.cognito.getUserPool(ctx, String(body.UserPoolId));
      const user = await pool.getUserByUsername(ctx, body.Username);
      if (!user) throw new UserNotFoundError();
      return signOut(pool, user);
    },
  };
}
