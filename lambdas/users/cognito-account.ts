import { AdminDeleteUserCommand, ChangePasswordCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoError, cognitoIdentity as cognitoSignIn, everyDevice } from '../auth';
import { documentClient } from '../shared/clients';
import { cognitoClient } from '../shared/cognito-client';
import type { IdentityPort } from './account-deletion';
import type { PasswordChanger } from './change-password';

// Everything of the users Lambda that needs Cognito (a password change, an account deletion: rare
// calls), loaded with Cognito's client on first use (handler.ts): the client and the auth room's
// code are not read at every cold start (issue 35, docs/architecture.md "Cold init").

export function cognitoPasswordChanger(client: CognitoIdentityProviderClient): PasswordChanger {
  return async ({ accessToken, actual, nueva }) => {
    try {
      await client.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: actual, ProposedPassword: nueva }));
    } catch (error) {
      throw cognitoError('password', error);
    }
  };
}

/** The Cognito-backed ports of the users Lambda. */
export function cognitoPorts(config: { USER_POOL_ID: string; USER_POOL_CLIENT_ID: string; TABLE_NAME: string }) {
  const devices = everyDevice({ cognito: cognitoClient(), userPoolId: config.USER_POOL_ID, db: documentClient(), tableName: config.TABLE_NAME });
  return {
    devices,
    identity: cognitoIdentity(cognitoClient(), config.USER_POOL_ID),
    change: cognitoPasswordChanger(cognitoClient()),
    signIn: (username: string, nueva: string) => cognitoSignIn(cognitoClient(), config.USER_POOL_CLIENT_ID).signIn({ email: username, password: nueva }),
  };
}

/** The Cognito side of an account deletion: AdminDeleteUser (IAM: infra/aws/api-functions.ts, users). */
export function cognitoIdentity(cognito: CognitoIdentityProviderClient, userPoolId: string): IdentityPort {
  return {
    async deleteUser(username) {
      try {
        await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
      } catch (error) {
        // Already gone: an earlier, interrupted deletion got this far.
        if ((error as Error).name !== 'UserNotFoundException') throw error;
      }
    },
  };
}
