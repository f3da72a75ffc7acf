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
  return {
    async verifySocial({ accessToken, idToken }) {
      const access = await verify(accessToken, 'access');
      if (idToken) {
        const id = await verify(idToken, 'id');
        if (id.sub !== access.sub) throw new Error('Tokens of different users');
        return { sub: String(id.sub), email: typeof id.email === 'string' ? id.email : '', name: id.name as string | undefined };
      }
      const out = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
      const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
      const claims: IdentityClaims = { sub: String(access.sub), email: attr('email') ?? '', name: attr('name') };
      return claims;
    },
  };
}
