import { CognitoError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { attributeValue } from 'cognito-local/lib/services/userPoolService';
import type { CognitoRequest, TargetHandlers } from './cognito-user-auth';

/**
 * Where cognito-local 5.3 parts from Cognito on codes and passwords, made to answer as Cognito
 * does (issue 14): ResendConfirmationCode, which it lacks; ForgotPassword, which it would send to an
 * unconfirmed account; ChangePassword, whose wrong current password Cognito answers
 * NotAuthorizedException. Every code-sending call is limited per user, as Cognito throttles them.
 */

/** Codes one user may be sent in an hour before LimitExceededException (Cognito's is of this order). */
export const CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

class LimitExceededError extends CognitoError {
  constructor() {
    super('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }
}

export function recoveryHandlers(services: Services, router: Router, logger: unknown): TargetHandlers {
  const ctx = { logger: logger as never };
  const sent = new Map<string, number[]>();

  /** Counts one more code for this user; refuses past the hourly limit. */
  const spend = (username: string) => {
    const now = Date.now();
    const recent = (sent.get(username) ?? []).filter((at) => at > now - HOUR_MS);
    if (recent.length >= CODES_PER_HOUR) throw new LimitExceededError();
    sent.set(username, [...recent, now]);
  };

  const find = async (clientId: string, username: string) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new UserNotFoundError();
    return { pool, user };
  };

  return {
    async ResendConfirmationCode(body) {
      const { pool, user } = await find(body.ClientId, body.Username);
      if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const email = attributeValue('email', user.Attributes);
      if (!email) throw new InvalidParameterError('No email on the user');
      spend(user.Username);
      const code = services.otp();
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
      await services.messages.deliver(ctx, 'ResendCode', body.ClientId, pool.options.Id, user, code, body.ClientMetadata as Record<string, string> | undefined, delivery);
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
      return { CodeDeliveryDetails: delivery };
    },
    async ForgotPassword(body) {
      const { user } = await find(body.ClientId, body.Username);
      // Cognito: "Cannot reset password for the user as there is no registered/verified email".
      if (user.UserStatus === 'UNCONFIRMED') throw new InvalidParameterError('Cannot reset password for the user as there is no registered/verified email or phone_number');
      spend(user.Username);
      return router('ForgotPassword')(ctx, body) as Promise<unknown>;
    },
    async ChangePassword(body) {
      const claims = payloadOf(typeof body.AccessToken === 'string' ? body.AccessToken : '');
      if (!claims?.client_id || !claims.username) throw new NotAuthorizedError('Invalid Access Token');
      const { user } = await find(claims.client_id, claims.username);
      if (user.Password !== body.PreviousPassword) throw new NotAuthorizedError('Incorrect username or password.');
      return router('ChangePassword')(ctx, body) as Promise<unknown>;
    },
  } satisfies Record<string, (body: CognitoRequest) => Promise<unknown>>;
}

/** The claims of a token cognito-local itself issued (its own signature check comes after, in its router). */
function payloadOf(token: string): { client_id?: string; username?: string } | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { client_id?: string; username?: string };
  } catch {
    return null;
  }
}
