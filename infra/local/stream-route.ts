import type http from 'node:http';
import { ResponseStream } from 'lambda-stream';
import type { RouteGroup } from '../../lambdas/contract';
import type { HttpEvent } from '../../lambdas/shared/http';
import { PRELUDE_CONTENT_TYPE, readPrelude } from '../../lambdas/tutor/stream-response';
import { STREAM_FUNCTION_LIMITS } from '../function-limits';

// The gateway's path for routes flagged `stream` in the route table: what a Lambda Function URL in
// RESPONSE_STREAM mode does on AWS. The group's `stream-handler.ts` (wrapped by lambda-stream's
// streamifyResponse, which takes the ResponseStream passed here) writes into the HTTP response as
// it goes: the status and headers from its prelude, then the body, chunked. No 30 s cut, only the
// function's own timeout (infra/function-limits.ts), past which the connection is dropped, as
// Lambda does to a streamed response. No authorizer: the function verifies the token itself.

export type StreamHandler = (event: HttpEvent, stream: ResponseStream, context: unknown) => Promise<unknown>;

/** lambda-stream's ResponseStream writing through to a node response. */
class PipedStream extends ResponseStream {
  private head = Buffer.alloc(0);
  private started = false;

  constructor(private readonly res: http.ServerResponse) {
    super();
  }

  _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding);
    if (this.started) return void this.res.write(bytes, callback);
    if (this._contentType !== PRELUDE_CONTENT_TYPE) {
      this.start(200, { 'content-type': this._contentType ?? 'application/octet-stream' });
      return void this.res.write(bytes, callback);
    }
    this.head = Buffer.concat([this.head, bytes]);
    const prelude = readPrelude(this.head);
    if (!prelude) return callback();
    this.start(prelude.statusCode, prelude.headers);
    if (!prelude.rest.length) return callback();
    this.res.write(prelude.rest, callback);
  }

  _final(callback: (error?: Error | null) => void) {
    if (!this.started) this.start(200, { 'content-type': this._contentType ?? 'application/octet-stream' });
    this.res.end(callback);
  }

  private start(status: number, headers: Record<string, string>) {
    this.started = true;
    this.res.writeHead(status, headers);
    this.res.flushHeaders();
  }
}

const handlers = new Map<RouteGroup, Promise<StreamHandler>>();
const streamHandlerOf = (group: RouteGroup) => {
  if (!handlers.has(group)) handlers.set(group, import(`../../lambdas/${group}/stream-handler`).then((m: { handler: StreamHandler }) => m.handler));
  return handlers.get(group)!;
};

/** Runs the group's streamed handler into `res` under its function timeout. */
export async function serveStreamRoute(group: RouteGroup, event: HttpEvent, res: http.ServerResponse, timeoutMs?: number) {
  const functionMs = timeoutMs ?? (STREAM_FUNCTION_LIMITS[group]?.timeoutSeconds ?? 30) * 1000;
  const handler = await streamHandlerOf(group);
  const started = Date.now();
  const context = { functionName: `mentora-local-${group}-stream`, getRemainingTimeInMillis: () => Math.max(0, started + functionMs - Date.now()) };
  const killed = setTimeout(() => res.destroy(), functionMs);
  try {
    await handler(event, new PipedStream(res), context);
  } catch (error) {
    console.error(`[gateway] ${group} stream failed`, error);
    // A Function URL answers 502 when the function fails before its first byte; after it, it drops the connection.
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Internal Server Error' }));
    else res.destroy();
  } finally {
    clearTimeout(killed);
  }
}
