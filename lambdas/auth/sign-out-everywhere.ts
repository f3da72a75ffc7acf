import { AdminUserGlobalSignOutCommand, GlobalSignOutCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { dynamoSessionCutoffs, untilValid } from '../shared/session-cutoff';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// Ending every session of a learner (issue 20, item 4): after a password reset, a password change
// and an account deletion. Two halves, because our API checks access tokens offline: Cognito's
// global sign-out (refresh tokens stop working; Cognito's own APIs refuse the old access tokens),
// and the cutoff our API reads on every request (lambdas/shared/session-cutoff.ts).

export interface EveryDevice {
  /** Signs the user out everywhere; answers the moment (epoch ms) before which tokens are void. */
  signOut(who: { username: string } | { accessToken: string }): Promise<number>;
  /** Our API refuses the learner's access tokens issued up to `at`. */
  cutOff(userId: string, at: number): Promise<void>;
  /** Waits until a token issued now counts as issued after `at` (under a second: `iat` counts whole seconds). */
  waitPast(at: number): Promise<void>;
}

export function everyDevice(deps: { cognito: CognitoIdentityProviderClient; userPoolId: string; db: DynamoDBDocumentClient; tableName: string }): EveryDevice {
  const cutoffs = dynamoSessionCutoffs(deps.db, deps.tableName);
  return {
    async signOut(who) {
      // AdminUserGlobalSignOut takes the user name or an alias (the email); GlobalSignOut is authorised by the token itself.
      if ('accessToken' in who) await deps.cognito.send(new GlobalSignOutCommand({ AccessToken: who.accessToken }));
      else await deps.cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: deps.userPoolId, Username: who.username }));
      // The system clock, not the injected one: it is compared with Cognito's `iat`.
      return Date.now();
    },
    cutOff: (userId, at) => cutoffs.cutOff(userId, at),
    waitPast: (at) => new Promise((resolve) => setTimeout(resolve, untilValid(at, Date.now()))),
  };
}
