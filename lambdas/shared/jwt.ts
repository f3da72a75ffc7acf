import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface CognitoTokenConfig {
  /** `https://cognito-idp.<region>.amazonaws.com/<poolId>` on AWS; the emulator's issuer locally. */
  issuer: string;
  clientId: string;
  /** Defaults to `<issuer>/.well-known/jwks.json`. */
  jwksUri?: string;
}

export type TokenUse = 'access' | 'id';

/**
 * Verifies Cognito access and id tokens: RS256 signature against the pool's JWKS, issuer,
 * app client (`client_id` on access tokens, `aud` on id tokens), token_use and expiry.
 * The JWKS is fetched here and handed to aws-jwt-verify, which only fetches over https itself;
 * an unknown `kid` triggers one refetch, which covers Cognito's key rotation.
 */
export function cognitoTokenVerifier(config: CognitoTokenConfig) {
  const jwksUri = config.jwksUri ?? `${config.issuer}/.well-known/jwks.json`;
  const verifier = JwtRsaVerifier.create({
    issuer: config.issuer,
    jwksUri,
    audience: null,
    customJwtCheck: ({ payload }) => {
      const use = payload.token_use;
      const client = use === 'access' ? payload.client_id : payload.aud;
      if (client !== config.clientId) throw new Error('Token issued to another client');
    },
  });
  let loaded: Promise<void> | undefined;
  const loadJwks = () =>
    (loaded ??= fetch(jwksUri)
      .then((res) => {
        if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
        return res.json() as Promise<Jwks>;
      })
      .then((jwks) => verifier.cacheJwks(jwks))
      .catch((error) => {
        loaded = undefined;
        throw error;
      }));

  return async function verify(token: string, use: TokenUse): Promise<JwtPayload> {
    await loadJwks();
    try {
      return await check(token, use);
    } catch (error) {
      if ((error as Error).name !== 'KidNotFoundInJwksError') throw error;
      loaded = undefined;
      await loadJwks();
      return check(token, use);
    }
  };

  async function check(token: string, use: TokenUse) {
    const payload = await verifier.verify(token);
    if (payload.token_use !== use) throw new Error(`Expected a ${use} token`);
    return payload;
  }
}
