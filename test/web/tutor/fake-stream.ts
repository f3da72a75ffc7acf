import { createHash, webcrypto } from 'node:crypto';
import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { api } from '../../../web/src/lib/api-client';

// The tutor's chat is read with fetch (web/src/features/tutor/chat-stream.ts). These stand-ins
// answer that fetch: `viaFakeApi` hands it to the scripted axios backend (fake-api.ts) as one JSON
// answer, `ndjsonStream` streams NDJSON events one by one, when the test says so.

export interface StreamRequest {
  headers: Record<string, string>;
  body: string;
}

/** jsdom has no crypto.subtle; the SPA hashes the body with it. */
export function withSubtleCrypto() {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** fetch answered by fakeApi's 'POST /ai-tutor/chat' handler, as a plain JSON response. */
export function viaFakeApi() {
  withSubtleCrypto();
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    const res = await api
      .post('/ai-tutor/chat', JSON.parse(init.body as string), { silent: true })
      .catch((error: { response?: { status: number; data: unknown } }) => error.response!);
    return new Response(JSON.stringify(res.data), { status: res.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

/** fetch answered with an NDJSON stream; `send` pushes one event, `end` closes it. */
export function ndjsonStream() {
  withSubtleCrypto();
  const requests: StreamRequest[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    requests.push({ headers: init.headers as Record<string, string>, body: init.body as string });
    return new Response(stream, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  }) as typeof fetch;
  return {
    requests,
    send: (event: unknown) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(event)}\n`)),
    end: () => controller.close(),
  };
}
