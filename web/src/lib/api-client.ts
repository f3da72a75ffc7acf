import axios, { type AxiosError, AxiosHeaders, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { loadingTypeFor, matchRoute } from '../../../lambdas/contract/routes';
import type { Tokens } from '../../../lambdas/contract/auth';
import { REQUEST_TIMEOUT_MS } from '../config/constants';
import { loadRuntimeConfig } from '../config/runtime-config';
import { useLoadingStore } from './loading-store';
import { navigateTo } from './navigation';
import { sessionExpired } from './session-events';
import { isRetryable, retryDelayMs, retryPolicy } from './retry-policy';
import { clearTokens, hasValidToken, readTokens, saveTokens } from './token-storage';

// The one HTTP client of the SPA (SPEC §7): base URL from /config.json, 240000 ms timeout, JSON,
// the bearer token on every request, a loading indicator by URL, one refresh + replay on 401, and
// SPEC §9 retries of idempotent calls (retry-policy.ts).

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Overrides the loading message for this call (SPEC §7 "custom loading message"). */
    loadingMessage?: string;
    /** No loading indicator for this call (background calls). */
    silent?: boolean;
    /** Internal: this request was already replayed after a refresh. */
    _retried?: boolean;
    /** Internal: this request opened a loading indicator. */
    _loading?: boolean;
    /** Internal: attempts already made after failures (SPEC §9 retries). */
    _attempt?: number;
    /** Internal: the refresh before this request could not be made now (throttled, down): not a sign-out. */
    _refreshUnavailable?: RefreshUnavailable;
  }
}

/**
 * Public routes of the table (`access: 'public'`: sign-in, registration, refresh, logout, the
 * certificate check) never trigger a refresh: they are how a session starts or is renewed, or need none.
 */
const isPublic = (config: AxiosRequestConfig) =>
  matchRoute((config.method ?? 'get').toUpperCase(), (config.url ?? '').split('?')[0].replace(/^\/api(?=\/)/, ''))?.route.access === 'public';

export const api = axios.create({ timeout: REQUEST_TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } });

let refreshing: Promise<string> | undefined;

/** The refresh token was refused (400/401/403: invalid, expired or revoked): the session is over. */
export class RefreshRefused extends Error {}
/** The refresh could not be made now (429, 5xx, no network) after SPEC §9's attempts: the session stands. */
export class RefreshUnavailable extends Error {
  constructor() {
    super('No pudimos renovar tu sesión ahora mismo. Inténtalo de nuevo en unos segundos.');
    // A name that survives minification: the auth store tells this error apart without importing axios.
    this.name = 'RefreshUnavailable';
  }
}

const REFUSED = new Set([400, 401, 403]);
const refused = (error: unknown) => REFUSED.has((error as AxiosError).response?.status ?? 0);

/**
 * Renews the tokens once, however many requests ask at the same moment. A throttled or failed
 * refresh (issue 23: a 429 from the 20 rps route or from Cognito) is tried again with SPEC §9's
 * backoff and jitter; only a refusal ends the session, never a 429.
 */
export function refreshTokens(): Promise<string> {
  refreshing ??= (async () => {
    const { refreshToken } = readTokens();
    if (!refreshToken) throw new RefreshRefused('No hay sesión que renovar');
    for (let attempt = 0; ; attempt++) {
      try {
        // Through the same client (so tests and the loading indicator see it); a public route never
        // refreshes, so a failing refresh does not try to refresh itself.
        const res = await api.post<{ success: boolean; tokens?: Tokens }>('/auth/refresh', { refreshToken }, { silent: true });
        if (!res.data?.success || !res.data.tokens) throw new RefreshRefused('No se pudo renovar la sesión');
        saveTokens(res.data.tokens);
        return res.data.tokens.accessToken;
      } catch (error) {
        if (error instanceof RefreshRefused || refused(error)) throw error instanceof RefreshRefused ? error : new RefreshRefused('No se pudo renovar la sesión');
        if (attempt + 1 >= retryPolicy.attempts) throw new RefreshUnavailable();
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt, error as AxiosError)));
      }
    }
  })().finally(() => (refreshing = undefined));
  return refreshing;
}

function expireSession(): void {
  // An answer that arrives after the learner signed out has no session to end: sign-out already
  // took them to / (this used to send them to /login instead, with a needless toast).
  const { accessToken, refreshToken } = readTokens();
  if (!accessToken && !refreshToken) return;
  clearTokens();
  sessionExpired();
  navigateTo('/login');
}

function setBearer(config: InternalAxiosRequestConfig, token: string | null): void {
  config.headers = AxiosHeaders.from(config.headers);
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
}

api.interceptors.request.use(async (config) => {
  config.baseURL ??= (await loadRuntimeConfig()).apiUrl;
  if (!config.silent && !config._loading) {
    config._loading = true;
    useLoadingStore.getState().begin(loadingTypeFor(config.method ?? 'get', config.url ?? ''), config.loadingMessage);
  }
  let { accessToken } = readTokens();
  // An access token past its expiry is renewed before the call rather than after a 401.
  // Either way this request has had its one refresh.
  if (accessToken && !hasValidToken() && readTokens().refreshToken && !isPublic(config) && !config._retried) {
    config._retried = true;
    try {
      accessToken = await refreshTokens();
    } catch (error) {
      // Let the server answer 401; the response handler then ends the session, unless the refresh
      // only could not be made now.
      if (error instanceof RefreshUnavailable) config._refreshUnavailable = error;
    }
  }
  setBearer(config, accessToken);
  return config;
});

function settle(config: AxiosRequestConfig | undefined): void {
  if (config?._loading) {
    config._loading = false;
    useLoadingStore.getState().end();
  }
}

api.interceptors.response.use(
  (res) => {
    settle(res.config);
    return res;
  },
  async (error: AxiosError) => {
    const config = error.config;
    settle(config);
    if (config && isRetryable(error) && (config._attempt ?? 0) + 1 < retryPolicy.attempts) {
      const attempt = config._attempt ?? 0;
      config._attempt = attempt + 1;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt, error)));
      return api.request(config);
    }
    if (!config || error.response?.status !== 401 || isPublic(config)) throw error;
    if (config._retried) {
      if (config._refreshUnavailable) throw config._refreshUnavailable;
      expireSession();
      throw error;
    }
    config._retried = true;
    // Requests sent together with a stale token come back 401 one after another: one that returns
    // after another's refresh has finished replays with the renewed token instead of refreshing again.
    const current = readTokens().accessToken;
    if (current && AxiosHeaders.from(config.headers).get('Authorization') !== `Bearer ${current}`) {
      setBearer(config, current);
      return api.request(config);
    }
    let token: string;
    try {
      token = await refreshTokens();
    } catch (refresh) {
      if (refresh instanceof RefreshUnavailable) throw refresh;
      expireSession();
      throw error;
    }
    setBearer(config, token);
    return api.request(config);
  },
);

/**
 * The access token for a call made outside axios (the tutor's stream, read with fetch): renewed
 * first when expired, or when `renew` says the server refused it; null when there is no session.
 */
export async function accessTokenFor(renew = false): Promise<string | null> {
  const { accessToken, refreshToken } = readTokens();
  if (!refreshToken || (!renew && (!accessToken || hasValidToken()))) return accessToken;
  try {
    return await refreshTokens();
  } catch (error) {
    // A refresh that could not be made now keeps the session: the caller shows the error.
    if (renew && error instanceof RefreshUnavailable) throw error;
    if (renew) expireSession();
    return renew ? null : accessToken;
  }
}

/** SPEC §7: a call with its own loading message. */
export function apiCall<T>(config: AxiosRequestConfig, loadingMessage?: string) {
  return api.request<T>({ ...config, loadingMessage });
}

export { errorMessage } from './error-message';
export { retryPolicy } from './retry-policy';

/** A fresh Idempotency-Key for one user action: its retries carry the same key, a new action a new one. */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
