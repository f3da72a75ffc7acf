import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api, retryPolicy } from '../../web/src/lib/api-client';
import { setRuntimeConfig } from '../../web/src/config/runtime-config';

// A scripted backend for component tests: each handler answers one "METHOD /path" (no /api prefix).
// It replaces axios' adapter, so interceptors (bearer, refresh, loading) run exactly as in the app.

export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
  idempotencyKey?: string;
  ifNoneMatch?: string;
}
/** An answer: status, body and, optionally, response headers (an ETag). */
type Answer = [number, unknown] | [number, unknown, Record<string, string>];
type Handler = (call: Call, n: number) => Answer | Promise<Answer>;

export const testConfig = {
  apiUrl: '/api',
  region: 'us-east-1',
  userPoolId: 'local_test',
  userPoolClientId: 'client',
  oauthDomain: '127.0.0.1:1',
  redirectUrl: 'http://localhost/',
  socialProviders: ['Google', 'Microsoft'] as ('Google' | 'Microsoft')[],
  stage: 'test',
};

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const counts: Record<string, number> = {};
  setRuntimeConfig(testConfig);
  // SPEC §9 retries happen at once here; test/web/api-client.test.ts checks their timing with fake timers.
  retryPolicy.baseMs = 0;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const path = `${config.baseURL ?? ''}${config.url ?? ''}`.replace(/^\/api/, '');
    const method = (config.method ?? 'get').toUpperCase();
    const key = `${method} ${path.split('?')[0]}`;
    const call: Call = {
      method,
      path,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: AxiosHeaders.from(config.headers).get('Authorization') as string | undefined,
      idempotencyKey: (AxiosHeaders.from(config.headers).get('Idempotency-Key') as string | undefined) ?? undefined,
      ifNoneMatch: (AxiosHeaders.from(config.headers).get('If-None-Match') as string | undefined) ?? undefined,
    };
    calls.push(call);
    counts[key] = (counts[key] ?? 0) + 1;
    const handler = handlers[key];
    const [status, data, headers = {}] = handler ? await handler(call, counts[key]) : [404, { success: false, message: 'No encontrado' }];
    const response = { data, status, statusText: String(status), headers, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return { calls, count: (key: string) => counts[key] ?? 0 };
}

export const aUser = {
  id: 'u-1',
  email: 'ana@example.com',
  nombre: 'Ana Pérez',
  plan: { nombre: 'gratuito' as const },
  intereses: ['historia'],
  bio: '',
  createdAt: '2025-01-02T00:00:00.000Z',
};

export const someTokens = (access = 'access-1') => ({ accessToken: access, refreshToken: 'refresh-1', idToken: 'id-1', expiresIn: 3600 });
