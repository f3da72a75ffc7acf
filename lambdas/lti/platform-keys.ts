import { createRemoteJWKSet } from 'jose';

// A platform's public keys, fetched by jose from the JWKS URL its registration names, kept per container.
// jose refetches on an unknown kid, at most once per cooldown: 5 s, so a launch signed by a key published just
// after this container read the set waits seconds, not jose's default 30 s, while tokens with made-up kids still
// make at most one fetch per 5 s per container. A school's server may be slow: 6 s to answer, inside the lti
// Lambda's 10 s (docs/lti.md "The launch").

export const JWKS_TIMEOUT_MS = 6000;
export const JWKS_COOLDOWN_MS = 5000;

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const sets = new Map<string, KeySet>();

export function platformKeySet(jwksUrl: string): KeySet {
  let set = sets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS, cooldownDuration: JWKS_COOLDOWN_MS });
    sets.set(jwksUrl, set);
  }
  return set;
}
