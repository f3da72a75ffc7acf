import { createRemoteJWKSet } from 'jose';

// A platform's public keys, fetched by jose from the JWKS URL its registration names, kept per container
// (jose refetches on an unknown kid, at most every 30 s, so a platform's key rotation is followed).

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const sets = new Map<string, KeySet>();

export function platformKeySet(jwksUrl: string): KeySet {
  let set = sets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 3000, cooldownDuration: 30_000 });
    sets.set(jwksUrl, set);
  }
  return set;
}
