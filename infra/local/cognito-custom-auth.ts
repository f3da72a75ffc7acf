import { randomBytes } from 'node:crypto';
import { NotAuthorizedError } from 'cognito-local/lib/errors';
import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { attributeValue } from 'cognito-local/lib/services/userPoolService';
import { createChallenge, defineChallenge, verifyChallenge, type ProofStore } from '../../lambdas/auth/one-time-sign-in';
import type { CognitoRequest, TargetHandlers } from './cognito-user-auth';

/**
 * Cognito's custom authentication (CUSTOM_AUTH), which cognito-local lacks, as the one-time sign-in of an LTI
 * launch uses it (lambdas/auth/one-time-sign-in.ts): AdminInitiateAuth runs the pool's Define and Create
 * trigger code, AdminRespondToAuthChallenge its Verify code (the proof spent on the local table) and Define
 * again, then mints tokens with cognito-local's own generator and refresh-token store, as USER_AUTH does here.
 * The app client must allow ALLOW_CUSTOM_AUTH, as on AWS. Every other flow goes to cognito-local.
 */

const SESSION_MS = 3 * 60 * 1000;

export function customAuthHandlers(services: Services, router: Router, logger: unknown, proofs: () => ProofStore): TargetHandlers {
  const sessions = new Map<string, { sub: string; clientId: string; expires: number }>();
  const ctx = { logger: logger as never };

  const userOf = async (body: CognitoRequest, username: string | undefined) => {
    const client = await services.cognito.getAppClient(ctx, body.ClientId);
    if (!client?.ExplicitAuthFlows?.includes('ALLOW_CUSTOM_AUTH')) throw new NotAuthorizedError();
    const pool = await services.cognito.getUserPoolForClientId(ctx, body.ClientId);
    const user = username ? await pool.getUserByUsername(ctx, username) : undefined;
    if (!user || !user.Enabled) throw new NotAuthorizedError();
    return { client, pool, user, sub: attributeValue('sub', user.Attributes) ?? user.Username };
  };

  return {
    async AdminInitiateAuth(body) {
      if (body.AuthFlow !== 'CUSTOM_AUTH') return router('AdminInitiateAuth')(ctx, body) as Promise<unknown>;
      const { sub } = await userOf(body, body.AuthParameters?.USERNAME);
      const step = defineChallenge([]);
      const challenge = createChallenge();
      const session = randomBytes(48).toString('base64url');
      sessions.set(session, { sub, clientId: body.ClientId, expires: Date.now() + SESSION_MS });
      return { ChallengeName: step.challengeName, Session: session, ChallengeParameters: challenge.publicChallengeParameters };
    },
    async AdminRespondToAuthChallenge(body) {
      const found = typeof body.Session === 'string' ? sessions.get(body.Session) : undefined;
      // A session answers once, right or wrong (Define allows one try).
      if (typeof body.Session === 'string') sessions.delete(body.Session);
      const responses = (body.ChallengeResponses ?? {}) as Record<string, string>;
      if (!found || found.expires < Date.now() || found.clientId !== body.ClientId || body.ChallengeName !== 'CUSTOM_CHALLENGE') throw new NotAuthorizedError();
      const { client, pool, user, sub } = await userOf(body, responses.USERNAME);
      if (sub !== found.sub) throw new NotAuthorizedError();
      const right = await verifyChallenge(proofs(), sub, responses.ANSWER, Math.floor(Date.now() / 1000));
      if (!defineChallenge([{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: right }]).issueTokens) throw new NotAuthorizedError();
      const groups = await pool.listUserGroupMembership(ctx, user);
      const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, undefined, 'Authentication');
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, ExpiresIn: 3600, TokenType: 'Bearer' } };
    },
  };
}
