import type { ClientHttp2Session } from 'node:http2';
import type { ConverseCommandInput, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { signRequest, signingEnv } from '../sigv4';

export { signRequest };

// Bedrock Runtime's Converse operation, signed with SigV4 and sent over HTTP/2, without the SDK
// client. `new BedrockRuntimeClient()` bundles its whole runtime config: event streams, bearer-token
// providers with their SSO client, the HTTP/2 handler loaded at import: about 85 KB of every AI
// Lambda and 15 ms of each cold start, for one JSON call. The wire format is the SDK's (same
// request and response JSON, same error names and `$metadata`), so callers keep the SDK's types
// and ModelError classification. Endpoint, region and credentials come from the SDK's standard
// variables (AWS_ENDPOINT_URL_BEDROCK_RUNTIME on the local stack, the role's keys on Lambda).
// test/unit/shared/converse-client.test.ts checks the signature (../sigv4.ts) against the SDK's own signer.

/** What structured-output.ts builds and sends; the SDK's input type, so prompts stay checked. */
export class ConverseCommand {
  constructor(readonly input: ConverseCommandInput) {}
}

export interface SendOptions {
  abortSignal?: AbortSignal;
}

/** The one method of the SDK client that structured-output.ts calls. */
export interface BedrockRuntimeClient {
  send(command: ConverseCommand, options?: SendOptions): Promise<ConverseCommandOutput>;
}

/** A failure shaped like the SDK's service exceptions: `name` from x-amzn-errortype, `$metadata`. */
function serviceError(status: number, headers: Record<string, string | string[] | undefined>, body: string) {
  let parsed: { message?: string; Message?: string; __type?: string } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const header = headers['x-amzn-errortype'];
  const type = (Array.isArray(header) ? header[0] : header) ?? parsed.__type ?? (status >= 500 ? 'InternalServerException' : 'ValidationException');
  const error = new Error(parsed.message ?? parsed.Message ?? `HTTP ${status}`);
  return Object.assign(error, {
    name: type.split(':')[0].split('#').pop()!,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, requestId: headers['x-amzn-requestid'] as string | undefined },
  });
}

/** One HTTP/2 session per process, reopened when the service or a network fault closes it. */
export function converseClient(env: NodeJS.ProcessEnv = process.env): BedrockRuntimeClient {
  let session: ClientHttp2Session | undefined;
  let active = 0;
  const { region } = signingEnv(env);
  const endpoint = new URL(env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME ?? env.AWS_ENDPOINT_URL ?? `https://bedrock-runtime.${region}.amazonaws.com`);

  // node:http2 loads on the first call, not at cold start.
  async function open(): Promise<ClientHttp2Session> {
    if (session && !session.closed && !session.destroyed) return session;
    const http2 = await import('node:http2');
    const s = http2.connect(endpoint.origin);
    const drop = () => {
      if (session === s) session = undefined;
    };
    s.on('error', drop).on('close', drop).on('goaway', drop);
    session = s;
    return s;
  }

  return {
    async send(command, options = {}) {
      const { modelId, ...rest } = command.input;
      const path = `${endpoint.pathname.replace(/\/$/, '')}/model/${encodeURIComponent(modelId ?? '')}/converse`;
      const body = JSON.stringify(rest);
      const headers = signRequest(
        { method: 'POST', host: endpoint.host, path, headers: { 'content-type': 'application/json' }, body },
        signingEnv(env),
        'bedrock',
      );
      delete headers.host;
      const s = await open();
      active++;
      s.ref();
      try {
        return await new Promise<ConverseCommandOutput>((resolve, reject) => {
          const stream = s.request({ ':method': 'POST', ':path': path, ':authority': endpoint.host, ...headers });
          const abort = () => {
            stream.close();
            reject(Object.assign(new Error('Request aborted'), { name: 'AbortError' }));
          };
          if (options.abortSignal?.aborted) return abort();
          options.abortSignal?.addEventListener('abort', abort, { once: true });
          let status = 0;
          let responseHeaders: Record<string, string | string[] | undefined> = {};
          const chunks: Buffer[] = [];
          stream.on('response', (h) => {
            status = Number(h[':status']);
            responseHeaders = h;
          });
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            options.abortSignal?.removeEventListener('abort', abort);
            const text = Buffer.concat(chunks).toString('utf8');
            if (status < 200 || status >= 300) return reject(serviceError(status, responseHeaders, text));
            const output = JSON.parse(text) as ConverseCommandOutput;
            resolve({ ...output, $metadata: { httpStatusCode: status, requestId: responseHeaders['x-amzn-requestid'] as string | undefined } });
          });
          stream.end(body);
        });
      } finally {
        // An idle session must not keep a process (a test run, a local stack) alive.
        if (--active === 0 && !s.destroyed) s.unref();
      }
    },
  };
}
