import { randomUUID } from 'node:crypto';
import { httpEvent } from '../../infra/local/http-event';
import { routes, routeKey, type Route, type RouteGroup } from '../../lambdas/contract';
import type { HttpEvent, HttpResult } from '../../lambdas/shared/http';
import { ORIGIN_HEADER, secretsManagerOriginSecrets } from '../../lambdas/shared/origin-secret';

/** A route of the table by its key, e.g. `'POST /courses/plan'`. */
export type RouteKey = `${Route['method']} /${string}`;

export interface InvokeOptions {
  /** The caller's Cognito `sub`: the authorizer's claims are built for it. Omit to call as nobody. */
  userId?: string;
  /** Claims as the JWT authorizer passes them; added to (or, without userId, instead of) the built ones. */
  claims?: Record<string, unknown>;
  /** Serialized as JSON. */
  body?: unknown;
  /** The body exactly as sent (a webhook's signed bytes, or broken JSON); wins over `body`. */
  rawBody?: string | Buffer;
  /** Values of the route's `{param}`s. */
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /**
   * The origin secret header CloudFront adds: by default the right value, read from the (local)
   * Secrets Manager as the Lambdas do; `null` sends none, a string sends that value instead.
   */
  origin?: string | null;
}

let originSecrets: (() => Promise<string[]>) | undefined;
async function originHeader(origin: InvokeOptions['origin']): Promise<Record<string, string>> {
  if (origin === null) return {};
  if (origin !== undefined) return { [ORIGIN_HEADER]: origin };
  const arn = process.env.ORIGIN_SECRET_ARN;
  if (!arn) return {};
  const [current] = await (originSecrets ??= secretsManagerOriginSecrets(arn))();
  return current ? { [ORIGIN_HEADER]: current } : {};
}

export interface Invoked<T = any> {
  status: number;
  /** The parsed JSON body (undefined when empty). */
  body: T;
  headers: Record<string, string>;
  /**
   * Payload 2.0's `cookies` of the answer, one Set-Cookie value each: present only when the handler set
   * some, so an exact match on a JSON answer (`toEqual({ status, headers, body })`) still holds.
   */
  cookies?: string[];
}

type Handler = (event: HttpEvent) => Promise<HttpResult>;
const handlers = new Map<RouteGroup, Promise<Handler>>();

/** The group's Lambda, as the local stack and the CDK stack find it: `lambdas/<group>/handler.ts`. */
const handlerOf = (group: RouteGroup) => {
  if (!handlers.has(group)) handlers.set(group, import(`../../lambdas/${group}/handler`).then((m: { handler: Handler }) => m.handler));
  return handlers.get(group)!;
};

export function findRoute(key: string): Route {
  const route = routes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`${key} is not in the route table (lambdas/contract/routes.ts)`);
  return route;
}

/** A Cognito access token's claims as API Gateway's JWT authorizer hands them to the Lambda. */
export function accessClaims(userId: string): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: userId,
    username: userId,
    token_use: 'access',
    client_id: process.env.USER_POOL_CLIENT_ID ?? 'local-client',
    iss: process.env.COGNITO_ISSUER ?? 'https://cognito-idp.local/local',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    origin_jti: randomUUID(),
  };
}

/** `/courses/{id}` with `{ id: 'c1' }` → `/courses/c1`; a missing value is a mistake in the test. */
function fillPath(route: Route, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${routeKey(route)} needs params.${name}`);
    return encodeURIComponent(params[name]);
  });
}

/**
 * Calls a route's Lambda handler in this process with the HTTP API (payload 2.0) event API Gateway
 * would send, built by the same function as the local gateway's. No authorizer runs here: claims
 * are given (userId/claims) or absent, so the handler's own checks are what a test exercises.
 */
export async function invoke<T = any>(key: RouteKey, opts: InvokeOptions = {}): Promise<Invoked<T>> {
  const route = findRoute(key);
  const params = opts.params ?? {};
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const claims = opts.userId ? { ...accessClaims(opts.userId), ...opts.claims } : opts.claims;
  const event = httpEvent({
    method: route.method,
    path: `/api${fillPath(route, params)}`,
    route,
    params: Object.fromEntries(Object.keys(params).filter((name) => route.path.includes(`{${name}}`)).map((name) => [name, params[name]])),
    query: opts.query,
    headers: {
      host: 'localhost',
      'user-agent': 'jest',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(await originHeader(opts.origin)),
      ...Object.fromEntries(Object.entries(opts.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    },
    body,
    claims,
  });
  const result = await (await handlerOf(route.group))(event);
  const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64').toString('utf8') : (result.body ?? '');
  return {
    status: result.statusCode ?? 200,
    // A page (the LTI launch inside an LMS's iframe) is its text; every other answer is JSON.
    body: text ? (String(result.headers?.['content-type'] ?? '').startsWith('text/html') ? text : JSON.parse(text)) : undefined,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)])),
    ...(result.cookies?.length ? { cookies: result.cookies } : {}),
  };
}
