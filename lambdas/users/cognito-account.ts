import { AdminDeleteUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityPort } from './account-deletion';

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
