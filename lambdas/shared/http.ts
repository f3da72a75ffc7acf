import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { matchRoute, routes, routeKey, type RouteGroup } from '../contract';
import { claimsOf } from './auth-context';
import { forbidden, notFound } from './errors';
import { actingLearner, failureOf, parse, readBody } from './http-request';
import { observe } from './observability';
import { ORIGIN_HEADER, originMatches, secretsManagerOriginSecrets } from './origin-secret';
import { checkReply } from './reply-check';
import type { HttpEvent, HttpResult } from './http-event';

export { validationMessage } from './http-request';
export type { HttpEvent, HttpResult } from './http-event';

export interface Request<B> {
  body: B;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The caller's Cognito `sub`, set on authenticated routes only. */
  userId: string;
  event: HttpEvent;
}

interface Endpoint<S extends z.ZodType> {
  body?: S;
  query?: z.ZodType;
  handle: (req: Request<z.output<S>>) => Promise<Reply>;
}
export type Reply = {
  status?: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Set-Cookie values, one per cookie (payload 2.0's `cookies`: a header map holds one Set-Cookie only). */
  cookies?: string[];
  /** A page instead of JSON (an LMS's iframe shows it: lti/frame-page.ts); `body` is then not sent. */
  html?: string;
};

/** Declares one route's schema and use case; `body` is validated before `handle` runs. */
export const endpoint = <S extends z.ZodType = z.ZodUnknown>(e: Endpoint<S>) => e as Endpoint<z.ZodType>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResult => ({
  statusCode: status,
  headers: { ...JSON_HEADERS, ...headers },
  body: JSON.stringify(body),
});

export const ok = (body: Record<string, unknown>, status = 200): Reply => ({ status, body: { success: true, ...body } });

export function errorResult(error: unknown): HttpResult {
  const { status, body } = failureOf(error);
  return json(status, body);
}

// Every API Lambda has ORIGIN_SECRET_ARN (infra/aws/api.ts; test/infra/api-door.test.ts pins it on each
// one), as on the local stack; only unit tests of this module build a handler without it, and no check.
let originSecrets: (() => Promise<string[]>) | undefined;
const expectedOrigins = () => (originSecrets ??= secretsManagerOriginSecrets(process.env.ORIGIN_SECRET_ARN!))();

/** Refuses a request that did not come through CloudFront (or the local gateway): no origin secret header. */
async function checkOrigin(event: HttpEvent): Promise<void> {
  if (!process.env.ORIGIN_SECRET_ARN) return;
  const given = event.headers?.[ORIGIN_HEADER];
  if (!originMatches(given, await expectedOrigins())) throw forbidden('Acceso no permitido: entra a Mentora desde su sitio web.');
}

/**
 * Builds one route group's Lambda handler: finds the endpoint by API Gateway's routeKey,
 * checks the caller, validates input with zod and maps errors to Spanish responses.
 */
export function createHandler(group: RouteGroup, endpoints: Record<string, Endpoint<z.ZodType>>) {
  const known = new Set(routes.filter((r) => r.group === group).map(routeKey));
  for (const key of Object.keys(endpoints)) {
    if (!known.has(key)) throw new Error(`${key} is not a ${group} route in the contract`);
  }
  // Observed per invocation (lambdas/shared/observability.ts): API Gateway's request id is the
  // correlation id, the one its access log records too.
  return (event: HttpEvent, context?: Context): Promise<HttpResult> => observe(group, event.requestContext?.requestId, context, () => answer(event));
  async function answer(event: HttpEvent): Promise<HttpResult> {
    try {
      // Before anything else: a request around CloudFront and its WAF reaches no route (issue 20 item 6).
      await checkOrigin(event);
      const key = event.routeKey && event.routeKey !== '$default' ? event.routeKey : fallbackKey(event);
      const route = routes.find((r) => routeKey(r) === key);
      const ep = endpoints[key];
      if (!route || !ep) throw notFound('Esta ruta no existe.');
      // Authenticated routes act only for an access token's subject, issued after any session cutoff (http-request.ts).
      const sub = route.access === 'authenticated' ? await actingLearner(claimsOf(event)) : undefined;
      const body = ep.body ? readBody(event, ep.body) : undefined;
      const query = ep.query ? parse(ep.query, event.queryStringParameters ?? {}) : (event.queryStringParameters ?? {});
      const reply = await ep.handle({
        body,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query: query as Record<string, string>,
        userId: typeof sub === 'string' ? sub : '',
        event,
      });
      // 304 Not Modified carries no body (a conditional GET answered from the caller's copy).
      if (reply.status === 304) return { statusCode: 304, headers: { 'cache-control': 'no-store', ...reply.headers }, body: '' };
      const cookies = reply.cookies?.length ? { cookies: reply.cookies } : {};
      if (reply.html !== undefined) {
        return { statusCode: reply.status ?? 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...reply.headers }, body: reply.html, ...cookies };
      }
      // In tests only: the answer must match the route's response schema (reply-check.ts).
      await checkReply(key, reply.status ?? 200, reply.body, ep.body);
      return { ...json(reply.status ?? 200, reply.body, reply.headers), ...cookies };
    } catch (error) {
      return errorResult(error);
    }
  }
}

/** When invoked without a routeKey (a developer calling the handler directly), match the raw path. */
function fallbackKey(event: HttpEvent): string {
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = (event.rawPath ?? '').replace(/^\/api(?=\/)/, '');
  const m = matchRoute(method, path);
  if (m) event.pathParameters = { ...m.params, ...event.pathParameters };
  return m ? routeKey(m.route) : `${method} ${path}`;
}
