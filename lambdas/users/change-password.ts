import { ChangePasswordCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { ChangePasswordRequest } from '../contract';
import { cognitoError } from '../auth/cognito-errors';
import { unauthorized } from '../shared/errors';
import type { HttpEvent } from '../shared/http';

// POST /users/password (issue 14, item 3). Cognito's ChangePassword is authorised by the learner's
// own access token, not by IAM: the Lambda needs no grant, and can only ever change the caller's.

export type PasswordChanger = (input: { accessToken: string; actual: string; nueva: string }) => Promise<void>;

export function cognitoPasswordChanger(client: CognitoIdentityProviderClient): PasswordChanger {
  return async ({ accessToken, actual, nueva }) => {
    try {
      await client.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: actual, ProposedPassword: nueva }));
    } catch (error) {
      throw cognitoError('password', error);
    }
  };
}

/** The bearer token the authorizer already verified; the route is never reached without one. */
export function bearerToken(event: HttpEvent): string {
  const header = event.headers?.authorization ?? event.headers?.Authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized();
  return match[1];
}

export async function changePassword(change: PasswordChanger, accessToken: string, input: ChangePasswordRequest) {
  await change({ accessToken, actual: input.actual, nueva: input.nueva });
  return { message: 'Contraseña actualizada.' };
}
