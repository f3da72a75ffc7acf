import type { Tokens } from '../../../lambdas/contract/auth';
import { STORAGE_KEYS, TOKEN_EXPIRY_TOLERANCE_MS } from '../config/constants';
import { useSessionStore } from './session-store';

// Tokens live in localStorage under the SPEC §9 keys; tokenExpiration is an epoch in ms.

const K = STORAGE_KEYS;
/** Set while the session came from the Hosted UI (Google, Microsoft): signing out must end it there too. */
const HOSTED_UI = 'hostedUiSession';

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  tokenExpiration: number | null;
}

export function saveTokens(tokens: Tokens, now = Date.now()): void {
  const expiration = now + tokens.expiresIn * 1000;
  localStorage.setItem(K.accessToken, tokens.accessToken);
  localStorage.setItem(K.idToken, tokens.idToken);
  // A session without a refresh token (SPEC §3) must not keep a stale one from another session.
  if (tokens.refreshToken) localStorage.setItem(K.refreshToken, tokens.refreshToken);
  else localStorage.removeItem(K.refreshToken);
  localStorage.setItem(K.tokenExpiration, String(expiration));
  useSessionStore.getState().login(tokens.accessToken, expiration);
}

export function readTokens(): StoredTokens {
  const exp = Number(localStorage.getItem(K.tokenExpiration));
  return {
    accessToken: localStorage.getItem(K.accessToken),
    refreshToken: localStorage.getItem(K.refreshToken),
    idToken: localStorage.getItem(K.idToken),
    tokenExpiration: Number.isFinite(exp) && exp > 0 ? exp : null,
  };
}

export function markHostedUiSession(): void {
  localStorage.setItem(HOSTED_UI, '1');
}

export function isHostedUiSession(): boolean {
  return localStorage.getItem(HOSTED_UI) === '1';
}

export function clearTokens(): void {
  for (const key of [K.accessToken, K.refreshToken, K.idToken, K.tokenExpiration, HOSTED_UI]) localStorage.removeItem(key);
  // Amplify keeps its own copy of a Hosted UI session; a signed-out learner must not keep it.
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(key);
  }
  useSessionStore.getState().logout();
}

/** SPEC §4: the client is authenticated only with an access token whose expiry is still ahead. */
export function hasValidToken(now = Date.now()): boolean {
  const { accessToken, tokenExpiration } = readTokens();
  return Boolean(accessToken) && tokenExpiration !== null && tokenExpiration - TOKEN_EXPIRY_TOLERANCE_MS > now;
}
