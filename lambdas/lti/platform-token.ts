import { randomUUID } from 'node:crypto';
import type { PlatformItem } from './lti-items';
import type { ToolKeys } from './tool-keys';

// The tool's access token to the platform's services (1EdTech Security Framework 1.0 §4.1, LTI Advantage):
// OAuth 2.0 client_credentials with a JWT client assertion (RFC 7523) signed by the tool's key, which the
// platform checks against Mentora's published JWKS. One token per registration and set of scopes, kept
// until a minute before it expires (a platform may limit how many it issues). A refusal or an answer that
// is not a token is the platform's: `PlatformRefused` (not retried); a network failure or a 5xx is
// `PlatformUnavailable` (the job retries it with backoff).

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const FETCH_MS = 5000;
const EARLY_S = 60;

export class PlatformError extends Error {
  constructor(name: 'PlatformRefused' | 'PlatformUnavailable', message: string) {
    super(message);
    this.name = name;
  }
}

export interface TokenDeps {
  keys: Pick<ToolKeys, 'sign'>;
  fetch: typeof fetch;
  now: () => Date;
}

const cache = new Map<string, { token: string; until: number }>();

export async function platformFetch(deps: Pick<TokenDeps, 'fetch'>, url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await deps.fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(FETCH_MS) });
  } catch {
    throw new PlatformError('PlatformUnavailable', 'La plataforma no respondió.');
  }
  if (res.status >= 500 || res.status === 429) throw new PlatformError('PlatformUnavailable', `La plataforma respondió ${res.status}.`);
  return res;
}

export async function accessToken(deps: TokenDeps, platform: Pick<PlatformItem, 'issuer' | 'clientId' | 'tokenUrl'>, scopes: readonly string[]): Promise<string> {
  if (!platform.tokenUrl) throw new PlatformError('PlatformRefused', 'La plataforma no tiene registrada su URL de token (tokenUrl).');
  const scope = [...scopes].sort().join(' ');
  const key = `${platform.issuer}\n${platform.clientId}\n${scope}`;
  const nowS = Math.floor(deps.now().getTime() / 1000);
  const kept = cache.get(key);
  if (kept && kept.until > nowS) return kept.token;
  // Security Framework §4.1.1: iss and sub the client id, aud the token endpoint, a fresh jti, short-lived.
  const assertion = await deps.keys.sign({ iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl, iat: nowS, exp: nowS + 300, jti: randomUUID() });
  const res = await platformFetch(deps, platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: ASSERTION_TYPE, client_assertion: assertion, scope }).toString(),
  });
  if (!res.ok) throw new PlatformError('PlatformRefused', `La plataforma rechazó el token de Mentora (${res.status}).`);
  let body: { access_token?: unknown; expires_in?: unknown; token_type?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new PlatformError('PlatformRefused', 'La plataforma respondió algo que no es un token.');
  }
  if (typeof body?.access_token !== 'string' || !body.access_token || (typeof body.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer')) {
    throw new PlatformError('PlatformRefused', 'La plataforma respondió algo que no es un token.');
  }
  const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  cache.set(key, { token: body.access_token, until: nowS + Math.max(0, lifetime - EARLY_S) });
  return body.access_token;
}

/** Forgets a token the platform no longer accepts (a 401 from a service). */
export const forgetToken = (platform: Pick<PlatformItem, 'issuer' | 'clientId'>, scopes: readonly string[]) =>
  cache.delete(`${platform.issuer}\n${platform.clientId}\n${[...scopes].sort().join(' ')}`);
