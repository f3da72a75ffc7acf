import type { TutorChatAnswer, TutorChatRequest } from '../../../../lambdas/contract/tutor';
import { loadRuntimeConfig } from '../../config/runtime-config';
import { urlOf } from '../../lib/api';
import { accessTokenFor } from '../../lib/api-client';

// The tutor's answer as it is written (docs/tutor.md "Streaming"): fetch + ReadableStream, since
// axios cannot hand over a body in pieces. NDJSON events: `delta` (text cleared by the server's
// leak guard), then `done` with the whole answer (authoritative: it may replace the deltas) or
// `error` with a Spanish message. On AWS the path is a Lambda Function URL behind CloudFront with
// origin access control: the token goes in x-mentora-authorization (CloudFront signs with its own
// Authorization) and the body's SHA-256 in x-amz-content-sha256, which OAC requires on a POST.

const FAILED = 'El tutor no pudo responder. Inténtalo de nuevo.';
const CUT = 'La conexión con el tutor se cortó. Inténtalo de nuevo.';

type Event = { type: 'delta'; text: string } | { type: 'done'; data: TutorChatAnswer } | { type: 'error'; message: string };

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function post(url: string, body: string, hash: string, token: string | null, signal?: AbortSignal) {
  return fetch(url, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/x-ndjson',
      'x-amz-content-sha256': hash,
      ...(token ? { 'x-mentora-authorization': `Bearer ${token}` } : {}),
    },
    body,
  });
}

async function failure(res: Response): Promise<Error> {
  const data = (await res.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return new Error(typeof data?.message === 'string' && data.message ? data.message : FAILED);
}

/** Sends one message; calls `onDelta` with each piece of text as it arrives; answers the whole answer. */
export async function streamTutorChat(request: TutorChatRequest, onDelta: (text: string) => void, signal?: AbortSignal): Promise<TutorChatAnswer> {
  const url = `${(await loadRuntimeConfig()).apiUrl}${urlOf('POST /ai-tutor/chat')}`;
  const body = JSON.stringify(request);
  const hash = await sha256Hex(body);
  let res: Response;
  try {
    res = await post(url, body, hash, await accessTokenFor(), signal);
    // One renewal and replay on 401, as the axios client does.
    if (res.status === 401) res = await post(url, body, hash, await accessTokenFor(true), signal);
  } catch {
    throw new Error('No hay conexión con el servidor. Inténtalo de nuevo.');
  }
  if (!res.ok) throw await failure(res);
  if (!res.headers.get('content-type')?.includes('ndjson')) return ((await res.json()) as { data: TutorChatAnswer }).data;

  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  const handle = (line: string): TutorChatAnswer | undefined => {
    if (!line.trim()) return undefined;
    const event = JSON.parse(line) as Event;
    if (event.type === 'delta') onDelta(event.text);
    if (event.type === 'error') throw new Error(event.message || FAILED);
    return event.type === 'done' ? event.data : undefined;
  };
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new Error(CUT);
    }
    if (chunk.done) break;
    pending += decoder.decode(chunk.value, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const done = handle(line);
      if (done) return done;
    }
  }
  const done = handle(pending);
  if (done) return done;
  throw new Error(CUT);
}
