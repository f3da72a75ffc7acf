import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  type AuthenticationResultType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Tokens } from '../contract';
import { cognitoError, type AuthOperation } from './cognito-errors';
import type { IdentityProvider } from './identity';
import { NOTICE_METADATA } from './registration-notice';

function toTokens(result: AuthenticationResultType | undefined, refreshToken?: string | null): Tokens {
  if (!result?.AccessToken || !result.IdToken) throw new Error('Cognito returned no tokens');
  return {
    accessToken: result.AccessToken,
    idToken: result.IdToken,
    // Cognito does not rotate refresh tokens on REFRESH_TOKEN_AUTH: keep the one the client holds.
    refreshToken: result.RefreshToken ?? refreshToken ?? null,
    expiresIn: result.ExpiresIn ?? 3600,
  };
}

async function call<T>(operation: AuthOperation, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw cognitoError(operation, error);
  }
}

/** IdentityProvider on a Cognito user pool app client (public client: no secret). */
export function cognitoIdentity(client: CognitoIdentityProviderClient, clientId: string): IdentityProvider {
  return {
    signUp: ({ email, password, nombre }) =>
      call('register', async () => {
        const out = await client.send(
          new SignUpCommand({
            ClientId: clientId,
            Username: email,
            Password: password,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'name', Value: nombre },
            ],
          }),
        );
        return { userId: out.UserSub!, session: out.Session ?? null };
      }),

    confirmSignUp: ({ email, code, session }) =>
      call('confirm', async () => {
        const out = await client.send(
          new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code, Session: session }),
        );
        return { session: out.Session ?? null };
      }),

    signInWithSession: ({ email, session }) =>
      call('confirm', async () => {
        const out = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_AUTH',
            AuthParameters: { USERNAME: email },
            Session: session,
          }),
        );
        return toTokens(out.AuthenticationResult);
      }),

    signIn: ({ email, password }) =>
      call('login', async () => {
        const out = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
        return toTokens(out.AuthenticationResult);
      }),

    refresh: (refreshToken) =>
      call('refresh', async () => {
        const out = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken },
          }),
        );
        return toTokens(out.AuthenticationResult, refreshToken);
      }),

    revoke: (refreshToken) =>
      call('logout', async () => {
        await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }));
      }),

    forgotPassword: (email) =>
      call('forgot', async () => {
        await client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
      }),

    resetPassword: ({ email, code, password }) =>
      call('reset', async () => {
        await client.send(
          new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: email, ConfirmationCode: code, Password: password }),
        );
      }),

    async noticeTaken(email) {
      const ClientMetadata = { ...NOTICE_METADATA };
      try {
        await client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email, ClientMetadata }));
      } catch (error) {
        // Cognito sends no password code to an account never confirmed: its confirmation code instead.
        if ((error as Error).name !== 'InvalidParameterException') throw error;
        await client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email, ClientMetadata }));
      }
    },

    resendCode: (email) =>
      call('resend', async () => {
        await client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
      }),

    async displayName(accessToken) {
      const out = await client.send(new GetUserCommand({ AccessToken: accessToken })).catch(() => undefined);
      return out?.UserAttributes?.find((a) => a.Name === 'name')?.Value;
    },
  };
}
