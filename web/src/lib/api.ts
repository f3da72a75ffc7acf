import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type * as z from 'zod';
import type { Endpoints } from '../../../lambdas/contract/endpoints';
import { routes, type Route, type RouteKey } from '../../../lambdas/contract/routes';
import { api } from './api-client';

// The SPA's one way to call a route of the API: by its key in the route table
// (`call('GET /courses/{id}', { params: { id } })`). Params, body, query and answer are typed
// from the route's schemas (lambdas/contract/endpoints.ts); no path is written by hand in a feature.
// In development and tests the answer is parsed with the route's response schema, so a server
// answer the contract does not describe fails loudly where it is made. The production bundle
// never loads the schemas: the check sits behind `process.env.NODE_ENV`, which Vite replaces at
// build time, so the dynamic import below is dropped (zod stays out of the first chunk).

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
type Schemas<K extends RouteKey> = Endpoints[K];

export type RouteParams<K extends RouteKey> = Record<ParamNames<PathOf<K>>, string>;
export type RouteBody<K extends RouteKey> = Schemas<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type RouteQuery<K extends RouteKey> = Schemas<K> extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : never;
/** What a route answers when it succeeds. */
export type RouteAnswer<K extends RouteKey> = z.output<Schemas<K>['response']>;

/** What one call sends: `params` when the path has any, `body` when the route takes one, `query` when it reads one. */
export type CallArgs<K extends RouteKey> = ([ParamNames<PathOf<K>>] extends [never] ? { params?: never } : { params: RouteParams<K> })
  & ([RouteBody<K>] extends [never] ? { body?: never } : { body: RouteBody<K> })
  & ([RouteQuery<K>] extends [never] ? { query?: never } : { query?: RouteQuery<K> });

/** axios options a call may add: loading message, silence, headers, status accepted. */
export type CallOptions = Pick<AxiosRequestConfig, 'loadingMessage' | 'silent' | 'headers' | 'validateStatus'>;

const byKey = new Map<string, Route>(routes.map((r) => [`${r.method} ${r.path}`, r]));

/** The table's row for a key: its method, path, group and the `access` flag the client reads. */
export function routeOf(key: RouteKey): Route {
  const route = byKey.get(key);
  if (!route) throw new Error(`${key} is not a route of the contract`);
  return route;
}

/** The concrete URL of a call: path parameters encoded in place, then the query (each value %-encoded). */
export function urlOf(key: RouteKey, params?: Record<string, string>, query?: Record<string, unknown>): string {
  const path = routeOf(key).path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${key}: falta el parámetro ${name}`);
    return encodeURIComponent(value);
  });
  // encodeURIComponent, not URLSearchParams: a space travels as %20, never as a `+` a gateway might keep.
  const q = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v as string | number | boolean))}`)
    .join('&');
  return q ? `${path}?${q}` : path;
}

/** A server answer the contract does not describe: a bug on one side, shown in development and tests only. */
export class ContractMismatch extends Error {
  constructor(key: string, detail: string) {
    super(`${key}: la respuesta no sigue el contrato (${detail})`);
    this.name = 'ContractMismatch';
  }
}

/**
 * What a mismatch does. `throw` in development and tests: the answer came from our own server (or a
 * test's fake of it, test/web/fake-api.ts), so a shape the contract does not describe is a bug there.
 * `report` only logs it: a test that scripts an answer off the contract on purpose (SPEC §5: the store
 * survives a `success: false` login) sets it for itself and puts `throw` back.
 */
export const contractCheck: { mode: 'throw' | 'report'; mismatches: ContractMismatch[] } = {
  mode: 'throw',
  mismatches: [],
};

let table: Promise<typeof import('../../../lambdas/contract/endpoints')> | undefined;
async function check(key: RouteKey, res: AxiosResponse): Promise<void> {
  if (res.status < 200 || res.status >= 300 || res.status === 204) return;
  table ??= import('../../../lambdas/contract/endpoints');
  const result = (await table).endpoints[key].response.safeParse(res.data);
  if (result.success) return;
  const issue = result.error.issues[0];
  const mismatch = new ContractMismatch(key, `${issue?.path.join('.') || 'raíz'}: ${issue?.message ?? ''}`);
  if (contractCheck.mode === 'throw') throw mismatch;
  contractCheck.mismatches.push(mismatch);
  console.error(mismatch.message);
}

/** One call, with the whole axios response (headers, status): for the few callers that read them. */
export async function request<K extends RouteKey>(key: K, args: CallArgs<K>, options: CallOptions = {}): Promise<AxiosResponse<RouteAnswer<K>>> {
  const { method } = routeOf(key);
  const { params, body, query } = args as { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> };
  const res = await api.request<RouteAnswer<K>>({ ...options, method, url: urlOf(key, params, query), data: body });
  if (process.env.NODE_ENV !== 'production') await check(key, res);
  return res;
}

/** One call: the answer's body, typed by the route's response schema. */
export const call = async <K extends RouteKey>(key: K, args: CallArgs<K>, options?: CallOptions): Promise<RouteAnswer<K>> =>
  (await request(key, args, options)).data;
