import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { MAX_BODY_BYTES, matchRoute, routes, routeKey, type RouteGroup } from '../contract';
import { accessTokenSub, claimsOf } from './auth-context';
import { documentClient } from './clients';
import { AppError, badRequest, forbidden, notFound } from './errors';
import { logger } from './logger';
import { observe } from './observability';
import { ORIGIN_HEADER, originMatches, secretsManagerOriginSecrets } from './origin-secret';
import { checkSessionCutoff, dynamoSessionCutoffs, type SessionCutoffs } from './session-cutoff';

/** API Gateway HTTP API (payload 2.0) event, with the JWT authorizer's claims when present. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean> } };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

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
export type Reply = { status?: number; body: Record<string, unknown>; headers?: Record<string, string> };

/** Declares one route's schema and use case; `body` is validated before `handle` runs. */
export const endpoint = <S extends z.ZodType = z.ZodUnknown>(e: Endpoint<S>) => e as Endpoint<z.ZodType>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResult => ({
  statusCode: status,
  headers: { ...JSON_HEADERS, ...headers },
  body: JSON.stringify(body),
});

export const ok = (body: Record<string, unknown>, status = 200): Reply => ({ status, body: { success: true, ...body } });

/** The first zod issue, phrased for a person. */
export function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'La solicitud no es válida.';
  if (issue.code === 'unrecognized_keys') return `Campo no permitido: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union' && issue.errors.length) {
    const nested = issue.errors.flat()[0];
    if (nested && issue.message.startsWith('Envía')) return issue.message;
    if (nested) return nested.message;
  }
  return issue.message;
}

function parseBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw badRequest('La solicitud es demasiado grande.');
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('El cuerpo de la solicitud no es un JSON válido.');
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(validationMessage(result.error));
  return result.data;
}

export function errorResult(error: unknown): HttpResult {
  if (error instanceof AppError) {
    if (error.status >= 500) logger.error('request failed', { error, cause: error.cause as Error });
    return json(error.status, { success: false, message: error.message });
  }
  logger.error('unexpected error', { error: error as Error });
  return json(500, { success: false, message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.' });
}

// Every API Lambda has TABLE_NAME (infra/aws/api.ts; each handler's readConfig refuses to start
// without it); only unit tests of this module build a handler with no table, and no cutoff to read.
let cutoffs: Pick<SessionCutoffs, 'validFrom'> | undefined;
const sessionCutoffs = () => (cutoffs ??= process.env.TABLE_NAME ? dynamoSessionCutoffs(documentClient(), process.env.TABLE_NAME) : { validFrom: () => Promise.resolve(undefined) });

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
      // Authenticated routes act only for an access token's subject (lambdas/shared/auth-context.ts).
      const sub = route.access === 'authenticated' ? accessTokenSub(event) : undefined;
      // A token issued before a password reset or change, or an account deletion, acts for nobody (issue 20).
      if (sub) await checkSessionCutoff(sessionCutoffs(), sub, claimsOf(event));
      const body = ep.body ? parse(ep.body, parseBody(event)) : undefined;
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
      return json(reply.status ?? 200, reply.body, reply.headers);
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
