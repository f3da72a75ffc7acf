import type { Writable } from 'node:stream';

// Framing a streamed Lambda's HTTP answer. A Function URL in RESPONSE_STREAM mode reads the status
// and headers from a prelude: the content type `application/vnd.awslambda.http-integration-response`,
// then a JSON `{statusCode, headers}`, then 8 zero bytes, then the body as it is written. This is
// what the runtime's `awslambda.HttpResponseStream.from` writes; writing it here keeps the handler
// free of runtime globals, and the local gateway (infra/local/stream-route.ts) reads the same bytes.

export const PRELUDE_CONTENT_TYPE = 'application/vnd.awslambda.http-integration-response';
export const NDJSON = 'application/x-ndjson; charset=utf-8';

/** The part of lambda-stream's ResponseStream (and the runtime's) the handler uses. */
export type ResponseStreamLike = Writable & { setContentType(type: string): void };

/** Writes the prelude; everything written to `stream` afterwards is the body. */
export function startResponse(stream: ResponseStreamLike, statusCode: number, headers: Record<string, string>) {
  stream.setContentType(PRELUDE_CONTENT_TYPE);
  stream.write(JSON.stringify({ statusCode, headers }));
  stream.write(new Uint8Array(8));
}

/** A whole JSON answer (errors before the stream starts, and the non-streamed form). */
export function endJson(stream: ResponseStreamLike, statusCode: number, body: unknown) {
  startResponse(stream, statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  return new Promise<void>((resolve) => stream.end(JSON.stringify(body), resolve));
}

/** Splits a prelude-framed answer: status, headers and the body bytes after the 8 zero bytes. */
export function readPrelude(bytes: Buffer): { statusCode: number; headers: Record<string, string>; rest: Buffer } | undefined {
  const end = bytes.indexOf(Buffer.alloc(8));
  if (end < 0) return undefined;
  const prelude = JSON.parse(bytes.subarray(0, end).toString('utf8')) as { statusCode?: number; headers?: Record<string, string> };
  return { statusCode: prelude.statusCode ?? 200, headers: prelude.headers ?? {}, rest: bytes.subarray(end + 8) };
}
