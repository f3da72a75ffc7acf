import { GetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { TokenUse } from '../shared/jwt';
import type { IdentityClaims, TokenVerifier } from './identity';

type Verify = (token: string, use: TokenUse) => Promise<Record<string, unknown>>;

/**
 * Checks tokens the SPA got from the Hosted UI. The access token must be ours and valid; the id
 * token, when sent, must be too and belong to the same person. Without an id token the profile
 * is read from Cognito with the access token itself.
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
      if (idToken) {
        const id = await verify(idToken, 'id');
        if (id.sub !== access.sub) throw new Error('Tokens of different users');
        const email = typeof id.email === 'string' ? id.email : '';
        // A pool whose id tokens leave the name out (cognito-local's): read it, or a new learner is named after the email.
        const name = typeof id.name === 'string' ? id.name : (await profile(accessToken)).name;
        return { sub: String(id.sub), email, name };
      }
      return { sub: String(access.sub), ...(await profile(accessToken)) };
    },
  };
}
