import { createHash, createHmac } from 'node:crypto';
import type { ClientHttp2Session } from 'node:http2';
import type { ConverseCommandInput, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';

// Bedrock Runtime's Converse operation, signed with SigV4 and sent over HTTP/2, without the SDK
// client. `new BedrockRuntimeClient()` bundles its whole runtime config: event streams, bearer-token
// providers with their SSO client, the HTTP/2 handler loaded at import: about 85 KB of every AI
// Lambda and 15 ms of each cold start, for one JSON call. The wire format is the SDK's (same
// request and response JSON, same error names and `$metadata`), so callers keep the SDK's types
// and ModelError classification. Endpoint, region and credentials come from the SDK's standard
// variables (AWS_ENDPOINT_URL_BEDROCK_RUNTIME on the local stack, the role's keys on Lambda).
// test/unit/shared/converse-client.test.ts checks the signature against the SDK's own signer.

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

export interface SigningEnv {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 escaping, as SigV4 requires for each path segment of the canonical URI. */
const escape = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** SigV4 headers for a request without a query string (Converse is a POST with a JSON body). */
export function signRequest(req: { method: string; host: string; path: string; headers: Record<string, string>; body: string }, env: SigningEnv, service: string, now = new Date()): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  // x-amz-content-sha256 signed as the SDK signer does, so both send the same signature.
  const headers: Record<string, string> = { ...req.headers, host: req.host, 'x-amz-content-sha256': hex(req.body), 'x-amz-date': amzDate };
  if (env.sessionToken) headers['x-amz-security-token'] = env.sessionToken;
  const names = Object.keys(headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).trim().replace(/\s+/g, ' ')]));
  const canonicalPath = req.path.split('/').map((segment) => escape(segment)).join('/');
  const canonicalHeaders = names.map((n) => `${n}:${lower[n]}\n`).join('');
  const canonical = [req.method, canonicalPath, '', canonicalHeaders, names.join(';'), hex(req.body)].join('\n');
  const scope = `${day}/${env.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${env.secretAccessKey}`, day), env.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${env.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
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
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
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
        { region, accessKeyId: env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '', sessionToken: env.AWS_SESSION_TOKEN },
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
