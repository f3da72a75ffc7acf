import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

// The tool's own signing keys (issue 45): private RSA JWKs in one Secrets Manager secret that the stack
// creates and an operator fills (`scripts/lti-key.ts` prints a key; docs/lti.md "Keys"), never in code.
// The first key signs; every key's public half is published, so a new key can be added before the old one
// goes (rotation without a refused message).

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

export interface ToolKeys {
  /** The public key set served at GET /lti/jwks. */
  jwks(): Promise<{ keys: JWK[] }>;
  /** A JWT signed with the current key (deep linking responses, service token requests: later parts). */
  sign(payload: JWTPayload): Promise<string>;
}

interface StoredKeys { keys: (JWK & { kid: string })[] }

function publicHalf(key: JWK & { kid: string }): JWK {
  const pub: Record<string, unknown> = { ...key };
  for (const member of PRIVATE_MEMBERS) delete pub[member];
  return { ...pub, alg: 'RS256', use: 'sig' };
}

/** Reads the secret once per container (a failed read is not kept: the next request tries again). */
export function secretsManagerToolKeys(secretArn: string, client?: SecretsManagerClient): ToolKeys {
  let stored: Promise<StoredKeys> | undefined;
  const read = () =>
    (stored ??= (async () => {
      client ??= new SecretsManagerClient({});
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
      const parsed = JSON.parse(SecretString ?? '{}') as Partial<StoredKeys>;
      if (!parsed.keys?.length || parsed.keys.some((k) => k.kty !== 'RSA' || !k.kid || !k.d)) throw new Error('The LTI keys secret holds no private RSA JWK with a kid (docs/lti.md "Keys")');
      return parsed as StoredKeys;
    })().catch((error: unknown) => {
      stored = undefined;
      throw error;
    }));
  return {
    jwks: async () => ({ keys: (await read()).keys.map(publicHalf) }),
    async sign(payload) {
      const [current] = (await read()).keys;
      const key = await importJWK(current, 'RS256');
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: current.kid, typ: 'JWT' }).sign(key);
    },
  };
}
