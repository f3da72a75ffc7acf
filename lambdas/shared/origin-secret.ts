import { createHash, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clock } from './clock';

/**
 * The header CloudFront's `/api/*` origin adds (infra/aws/web-hosting.ts) and the local gateway adds
 * likewise: its value is the origin secret in Secrets Manager, which only CloudFront and the API know,
 * so a request that reached API Gateway around CloudFront and its WAF is refused (issue 20 item 6).
 */
export const ORIGIN_HEADER = 'x-mentora-origin';

/** How long a container trusts the values it read: a rotation reaches every warm container within it. */
export const ORIGIN_SECRET_TTL_MS = 5 * 60_000;

/**
 * Reads the secret's current and previous versions, cached per container for ORIGIN_SECRET_TTL_MS.
 * Both are accepted, so a rotation (docs/operations.md) never refuses CloudFront while its
 * distribution still sends the old value. A failed read is not cached: the next request tries again.
 */
export function secretsManagerOriginSecrets(secretArn: string, client?: SecretsManagerClient) {
  let cached: { values: Promise<string[]>; at: number } | undefined;
  const read = async (stage: 'AWSCURRENT' | 'AWSPREVIOUS') => {
    client ??= new SecretsManagerClient({});
    try {
      return (await client.send(new GetSecretValueCommand({ SecretId: secretArn, VersionStage: stage }))).SecretString;
    } catch (error) {
      // A secret never rotated has no previous version.
      if (stage === 'AWSPREVIOUS' && (error as Error).name === 'ResourceNotFoundException') return undefined;
      throw error;
    }
  };
  return (): Promise<string[]> => {
    const now = clock.now().getTime();
    if (!cached || now - cached.at >= ORIGIN_SECRET_TTL_MS) {
      const values = Promise.all([read('AWSCURRENT'), read('AWSPREVIOUS')]).then((all) => all.filter((v): v is string => Boolean(v)));
      cached = { values, at: now };
      values.catch(() => {
        if (cached?.values === values) cached = undefined;
      });
    }
    return cached.values;
  };
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time: equal-length digests, so neither the value nor its length leaks through timing. */
export function originMatches(given: string | undefined, expected: readonly string[]): boolean {
  const mine = digest(given ?? '');
  let match = false;
  for (const value of expected) match = timingSafeEqual(mine, digest(value)) || match;
  return given !== undefined && given !== '' && match;
}
