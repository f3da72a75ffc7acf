import { randomBytes } from 'node:crypto';
import type { SignUpResponse } from '@aws-sdk/client-cognito-identity-provider';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CognitoError, NotAuthorizedError, UnsupportedError } from 'cognito-local/lib/errors';
import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';

/**
 * The one Cognito flow cognito-local lacks: signing a learner in right after ConfirmSignUp,
 * without their password. Real Cognito chains a `Session` from SignUp through ConfirmSignUp to
 * InitiateAuth(USER_AUTH). This extension issues those sessions around cognito-local's own
 * SignUp and ConfirmSignUp, and answers USER_AUTH by minting tokens with cognito-local's own
 * token generator and refresh-token store, so every later call (refresh, revoke) just works.
 */

/** Cognito's authentication flow session lasts up to 15 minutes (app client AuthSessionValidity). */
const SESSION_MS = 15 * 60 * 1000;
type Stage = 'signed-up' | 'confirmed';

/** What the extensions read of the requests they take; every other field goes to cognito-local as sent. */
export interface CognitoRequest {
  ClientId: string;
  Username: string;
  Session?: string;
  AuthFlow?: string;
  AuthParameters?: Record<string, string>;
  [field: string]: unknown;
}

export type TargetHandlers = Record<string, (body: CognitoRequest) => Promise<unknown>>;

export function userAuthHandlers(services: Services, router: Router, logger: unknown): TargetHandlers {
  const sessions = new Map<string, { sub: string; stage: Stage; expires: number }>();

  const issue = (sub: string, stage: Stage) => {
    const session = randomBytes(48).toString('base64url');
    sessions.set(session, { sub, stage, expires: Date.now() + SESSION_MS });
    return session;
  };
  const peek = (session: unknown, stage: Stage) => {
    const found = typeof session === 'string' ? sessions.get(session) : undefined;
    if (!found || found.stage !== stage || found.expires < Date.now()) throw new NotAuthorizedError();
    return found;
  };
  /** A session is used up once the step it opens has succeeded, like Cognito's. */
  const take = (session: unknown, stage: Stage) => {
    const found = peek(session, stage);
    sessions.delete(session as string);
    return found;
  };

  const ctx = { logger: logger as never };
  const subOf = async (clientId: string, username: string) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    return { pool, user };
  };

  /** Cognito marks the email verified when the mailed code confirms the account (AutoVerifiedAttributes); cognito-local does not. */
  const verifyEmail = async (clientId: string, username: string) => {
    const { pool, user } = await subOf(clientId, username);
    if (!user || !pool.options.AutoVerifiedAttributes?.includes('email')) return;
    const Attributes = [...user.Attributes.filter((a) => a.Name !== 'email_verified'), { Name: 'email_verified', Value: 'true' }];
    await pool.saveUser(ctx, { ...user, Attributes });
  };

  return {
    async SignUp(body) {
      const out = (await router('SignUp')(ctx, body)) as SignUpResponse;
      return { ...out, Session: issue(out.UserSub ?? '', 'signed-up') };
    },
    async ConfirmSignUp(body) {
      const pending = body.Session ? peek(body.Session, 'signed-up') : undefined;
      const { user } = await subOf(body.ClientId, body.Username);
      if (pending && user && pending.sub !== user.Username) throw new NotAuthorizedError();
      const { Session: _ignored, ...request } = body;
      await router('ConfirmSignUp')(ctx, request);
      await verifyEmail(body.ClientId, body.Username);
      if (!pending) return {};
      take(body.Session, 'signed-up');
      return { Session: issue(pending.sub, 'confirmed') };
    },
    async InitiateAuth(body) {
      if (body.AuthFlow !== 'USER_AUTH') return router('InitiateAuth')(ctx, body) as Promise<unknown>;
      const confirmed = take(body.Session, 'confirmed');
      const { pool, user } = await subOf(body.ClientId, body.AuthParameters?.USERNAME ?? '');
      if (!user || user.Username !== confirmed.sub) throw new NotAuthorizedError();
      const client = await services.cognito.getAppClient(ctx, body.ClientId);
      if (!client) throw new NotAuthorizedError();
      const groups = await pool.listUserGroupMembership(ctx, user);
      const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, undefined, 'Authentication');
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, ExpiresIn: 3600, TokenType: 'Bearer' } };
    },
  };
}

/** Answers the Cognito API targets `handlers` names, as cognito-local's server would; false for any other request. */
export function targetExtension(handlers: TargetHandlers) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const target = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    if (req.method !== 'POST' || req.url !== '/' || !Object.hasOwn(handlers, target)) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));
    try {
      send(200, await handlers[target](JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as CognitoRequest));
    } catch (error) {
      // The same error shapes cognito-local's own server answers with.
      if (error instanceof UnsupportedError) send(500, { __type: 'CognitoLocal#Unsupported', message: error.message });
      else if (error instanceof CognitoError) send(400, { __type: error.code, message: error.message });
      else send(500, { message: String(error) });
    }
    return true;
  };
}
