import { GetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { TokenUse } from '../shared/jwt';
import type { IdentityClaims, TokenVerifier } from './identity';

type Verify = (token: string, use: TokenUse) => Promise<Record<string, unknown>>;

/**
 * Checks tokens the SPA got from the Hosted UI. The access token must be ours and valid; the id
 * token, when sent, must be too and belong to the same person. The profile is always read from
 * Cognito with the access token itself (issue 20): a token that still verifies offline but was
 * signed out (a password reset or change) or whose account was deleted is refused there, so it
 * can never recreate a learner.
 */
export function socialVerifier(verify: Verify, cognito: CognitoIdentityProviderClient): TokenVerifier {
  const profile = async (accessToken: string): Promise<Omit<IdentityClaims, 'sub'>> => {
    const out = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    return { email: attr('email') ?? '', name: attr('name') };
  };
  return {
    async verifySocial({ accessToken, idToken }) {
      const access = await verify(accessToken, 'access');
      const pool = await profile(accessToken);
      if (idToken) {
        const id = await verify(idToken, 'id');
        if (id.sub !== access.sub) throw new Error('Tokens of different users');
        const email = typeof id.email === 'string' ? id.email : '';
        // A pool whose id tokens leave the name out (cognito-local's): the pool's, or a new learner is named after the email.
        const name = typeof id.name === 'string' ? id.name : pool.name;
        return { sub: String(id.sub), email, name };
      }
      return { sub: String(access.sub), ...pool };
    },
  };
}
