import { randomUUID } from 'node:crypto';
import type { Route } from '../../lambdas/contract';
import { routeKey } from '../../lambdas/contract';
import type { HttpEvent } from '../../lambdas/shared/http';

export interface HttpEventInput {
  method: string;
  /** The concrete path as the browser sent it, `/api` prefix included. */
  path: string;
  route: Route;
  params?: Record<string, string>;
  /** Repeated names are joined with commas, as API Gateway does. */
  query?: Record<string, string | readonly string[]>;
  /** The query string as received; built from `query` when omitted. */
  rawQueryString?: string;
  /** Lower-case names; repeated values joined with commas. */
  headers?: Record<string, string>;
  /** The body exactly as received: a Buffer keeps the bytes a webhook signature was computed over. */
  body?: string | Buffer;
  /** The JWT authorizer's claims; omitted on public routes and when no token was verified. */
  claims?: Record<string, unknown>;
  sourceIp?: string;
  protocol?: string;
  now?: Date;
}

/**
 * The API Gateway HTTP API (payload 2.0) event that the `api` stage would send the Lambda.
 * Pure: the local gateway and `test/support/invoke.ts` both build their events here.
 */
export function httpEvent(input: HttpEventInput): HttpEvent {
  const headers = { ...input.headers };
  // Payload 2.0 hands the Cookie header to the Lambda as `cookies`, one entry per cookie, and not as a header.
  const cookies = headers.cookie?.split(';').map((c) => c.trim()).filter(Boolean);
  delete headers.cookie;
  const query: Record<string, string> = {};
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const v of typeof value === 'string' ? [value] : value) {
      search.append(name, v);
      query[name] = query[name] ? `${query[name]},${v}` : v;
    }
  }
  const params = input.params ?? {};
  const now = input.now ?? new Date();
  const raw = input.body ?? '';
  const text = raw.length ? (typeof raw === 'string' ? raw : raw.toString('utf8')) : undefined;
  const key = routeKey(input.route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: input.path,
    rawQueryString: input.rawQueryString ?? search.toString(),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    ...(cookies?.length && { cookies }),
    body: text,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.method,
        path: input.path,
        protocol: input.protocol ?? 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: 'api',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(input.claims && { authorizer: { jwt: { claims: input.claims as Record<string, string>, scopes: [] } } }),
    },
  } as HttpEvent;
}
