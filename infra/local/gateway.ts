import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchRoute, type RouteGroup } from '../../lambdas/contract';
import { ORIGIN_HEADER } from '../../lambdas/shared/origin-secret';
import type { TokenUse } from '../../lambdas/shared/jwt';
import { clockControl } from './clock-control';
import { mailboxHtml, type Mailbox } from './mailbox';
import { AWS_GATEWAY_LIMITS, invokeWithinLimits, type GatewayLimits, type LocalHandler } from './lambda-limits';
import { proxyEvent } from './proxy-event';
import { serveStreamRoute } from './stream-route';
import { webMiddleware, type PathHeaders, type WebMode } from './web-server';

export interface GatewayOptions {
  port: number;
  web: WebMode;
  mailbox: Mailbox;
  runtimeConfig: () => unknown;
  /** The HTTP API JWT authorizer: verifies a Cognito access token, returns its claims. */
  verify: (token: string, use: TokenUse) => Promise<Record<string, unknown>>;
  loadHandler: (group: RouteGroup) => Promise<LocalHandler>;
  /** HTTP API's 30 s and each function's timeout; default: infra/function-limits.ts, as deployed. */
  limits?: GatewayLimits;
  /** The origin secret CloudFront's `/api/*` origin sends as `x-mentora-origin` (the local Secrets Manager holds it too). */
  originSecret?: string;
  /** More `/__local/<name>` control routes of the local stack (e.g. the DynamoDB faults). */
  controls?: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>>;
  /** The SPA's Content-Security-Policy (infra/site-policy.ts), once the origins it names are up; `dist` sends it as CloudFront does. */
  contentSecurityPolicy?: () => string | undefined;
  /** Headers of one SPA path set as CloudFront's function does there (the LTI entry's framing, infra/lti-frame-function.ts). */
  pathHeaders?: PathHeaders;
}

/** API Gateway's payload limit; anything bigger never reaches a Lambda. */
const MAX_PAYLOAD = 10 * 1024 * 1024 + 64 * 1024;

const sendJson = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));

/**
 * One loopback origin, as CloudFront gives the SPA on AWS: `/api/*` goes to the route group's
 * Lambda handler (in this process) through an HTTP API–shaped event and authorizer, `/config.json`
 * is the runtime config, `/__local/mail` the local mailbox, and everything else the web app.
 */
export async function startGateway(opts: GatewayOptions) {
  const server = http.createServer();
  const web = await webMiddleware(opts.web, server, opts.contentSecurityPolicy, opts.pathHeaders);
  // Handlers read lambdas/shared/clock; tests move it at /__local/clock (infra/local/clock-control.ts).
  const clockRoute = clockControl();
  const handlers = new Map<RouteGroup, Promise<LocalHandler>>();
  const handlerFor = (group: RouteGroup) => {
    if (!handlers.has(group)) handlers.set(group, opts.loadHandler(group));
    return handlers.get(group)!;
  };

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const body = await readBody(req);
    if (!body) return sendJson(res, 413, { success: false, message: 'La solicitud es demasiado grande.' });
    const match = matchRoute(req.method ?? 'GET', url.pathname.slice('/api'.length));
    if (!match) return sendJson(res, 404, { success: false, message: 'Esta ruta no existe.' });
    // A streamed route goes to its own function with no authorizer in front, as on AWS.
    if (match.route.stream) return serveStreamRoute(match.route.group, proxyEvent(req, url, match.route, match.params, body), res);
    let claims: Record<string, unknown> | undefined;
    if (match.route.access === 'authenticated') {
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      claims = token ? await opts.verify(token, 'access').catch(() => undefined) : undefined;
      // Access tokens only (the verifier checks token_use too): an ID token never reaches a handler.
      if (claims?.token_use !== 'access') claims = undefined;
      // Exactly what API Gateway's JWT authorizer answers.
      if (!claims) return sendJson(res, 401, { message: 'Unauthorized' });
    }
    const handler = await handlerFor(match.route.group);
    const event = proxyEvent(req, url, match.route, match.params, body, claims);
    // As CloudFront's origin custom header: it replaces whatever the caller sent under that name.
    delete event.headers[ORIGIN_HEADER];
    if (opts.originSecret) event.headers[ORIGIN_HEADER] = opts.originSecret;
    const result = await invokeWithinLimits(handler, match.route.group, event, opts.limits ?? AWS_GATEWAY_LIMITS);
    // Payload 2.0's `cookies`: one Set-Cookie each, beside any the headers carry, as API Gateway sends them.
    const setCookies = [...(result.headers?.['set-cookie'] ? [String(result.headers['set-cookie'])] : []), ...(result.cookies ?? [])];
    res.writeHead(result.statusCode ?? 200, { ...(result.headers as http.OutgoingHttpHeaders), ...(setCookies.length && { 'set-cookie': setCookies }) });
    res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : result.body);
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = url.pathname;
    const done = (error: unknown) => {
      console.error('[gateway]', error);
      if (!res.headersSent) sendJson(res, 500, { success: false, message: 'Ha ocurrido un error inesperado.' });
    };
    if (route === '/api' || route.startsWith('/api/')) return void api(req, res, url).catch(done);
    if (route === '/config.json') return sendJson(res, 200, opts.runtimeConfig());
    if (route === '/__local/clock') return void clockRoute(req, res).catch(done);
    const control = opts.controls?.[route];
    if (control) return void control(req, res).catch(done);
    if (route === '/__local/mail') {
      const mails = opts.mailbox.list(url.searchParams.get('to') ?? undefined);
      if ((req.headers.accept ?? '').includes('application/json')) return sendJson(res, 200, mails);
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(mailboxHtml(mails));
    }
    web.handle(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    async close() {
      await web.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The whole body, or undefined when it is bigger than API Gateway would accept. */
async function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
