import type { IncomingMessage } from 'node:http';
import type { Route } from '../../lambdas/contract';
import type { HttpEvent } from '../../lambdas/shared/http';
import { httpEvent } from './http-event';

/** The gateway's adapter: reads a node request into the pure builder's input. */
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
  const query: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
  return httpEvent({
    method: req.method ?? 'GET',
    path: url.pathname,
    route,
    params,
    query,
    rawQueryString: url.search.slice(1),
    headers,
    body,
    claims,
    sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    protocol: `HTTP/${req.httpVersion}`,
  });
}
