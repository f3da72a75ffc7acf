import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

// The Cognito user behind an account an LMS identity creates (docs/lti.md "Signing in"). The pool's usernames
// are emails, and an LMS's email claim is not Mentora's to trust (it would name someone else's account), so
// the user gets an address of its own that no mail can reach (RFC 2606 `.invalid`), derived from the identity:
// the same identity always names the same user, so a retry finds the user the first attempt made. Its password
// is random, set permanent (the user is CONFIRMED) and never kept anywhere: the person signs in by launching.

export const LTI_EMAIL_DOMAIN = 'lti.mentora.invalid';
export const ltiEmail = (identityHash: string) => `lti-${identityHash.replace(/[^A-Za-z0-9]/g, '').slice(0, 40).toLowerCase()}@${LTI_EMAIL_DOMAIN}`;

export interface AccountCreator {
  /** The Cognito sub of the identity's user, made now or by an earlier attempt. */
  create(email: string, nombre: string): Promise<string>;
}

const subOf = (attributes: { Name?: string; Value?: string }[] | undefined) => attributes?.find((a) => a.Name === 'sub')?.Value;

export function cognitoAccountCreator(cognito: CognitoIdentityProviderClient, userPoolId: string): AccountCreator {
  return {
    async create(email, nombre) {
      let sub: string | undefined;
      try {
        const out = await cognito.send(new AdminCreateUserCommand({
          UserPoolId: userPoolId, Username: email, MessageAction: 'SUPPRESS',
          UserAttributes: [{ Name: 'email', Value: email }, { Name: 'name', Value: nombre }],
        }));
        sub = subOf(out.User?.Attributes);
      } catch (error) {
        if ((error as Error).name !== 'UsernameExistsException') throw error;
        sub = subOf((await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))).UserAttributes);
      }
      if (!sub) throw new Error('Cognito answered no sub for the LTI account');
      // Three character classes as the pool's policy asks, around 256 random bits nobody keeps.
      await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: `Aa1-${randomBytes(32).toString('base64url')}`, Permanent: true }));
      return sub;
    },
  };
}
