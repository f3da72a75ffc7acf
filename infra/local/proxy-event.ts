import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Route } from '../../lambdas/contract';
import { routeKey } from '../../lambdas/contract';
import type { HttpEvent } from '../../lambdas/shared/http';

/** Builds the API Gateway HTTP API (payload 2.0) event that the `api` stage would send the Lambda. */
export function proxyEvent(
  req: IncomingMessage,
  url: URL,
  route: Route,
  params: Record<string, string>,
  body: Buffer,
  claims?: Record<string, unknown>,
): HttpEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] ? `${query[k]},${v}` : v;
  const now = new Date();
  const text = body.length ? body.toString('utf8') : undefined;
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: text,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: 'api',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims && { authorizer: { jwt: { claims: claims as Record<string, string>, scopes: [] } } }),
    },
  } as HttpEvent;
}
