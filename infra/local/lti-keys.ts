import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The local Secrets Manager's name for the LTI tool's keys (infra/aws/lti-keys.ts on AWS). */
export const LOCAL_LTI_KEYS_SECRET_NAME = 'mentora/lti-keys';

/** A private RSA JWK with a kid, as the operator puts in the secret on AWS (docs/lti.md "Keys"). */
export function newLtiKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * The secret's value for the local stack: `npm start` keeps it in its data folder, so a platform that
 * cached Mentora's key set still finds the key after a restart; a stack in memory (tests) makes a fresh one.
 */
export function localLtiKeys(file?: string): string {
  if (file && existsSync(file)) return readFileSync(file, 'utf8');
  const value = JSON.stringify({ keys: [newLtiKey()] });
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, value, { mode: 0o600 });
  }
  return value;
}
