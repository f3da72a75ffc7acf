import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import { ConverseCommand, converseClient, signRequest } from '../../../lambdas/shared/ai/converse-client';
import { classifyModelError } from '../../../lambdas/shared/ai/model-errors';

// The AI Lambdas call Bedrock Converse without the SDK client (bundle size); these pin it to what
// the SDK sends and understands: its signer's exact signature, its error names and `$metadata`.

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'token/with+chars' };
const at = new Date('2026-11-23T01:02:03Z');
const modelPath = `/model/${encodeURIComponent('us.anthropic.claude-haiku-4-5-20251001-v1:0')}/converse`;

describe('SigV4 for Converse', () => {
  it('signs exactly as the SDK signer does (model ids with ":" and a session token)', async () => {
    const body = JSON.stringify({ messages: [{ role: 'user', content: [{ text: '¿Qué es una variable?' }] }] });
    const host = 'bedrock-runtime.us-east-1.amazonaws.com';
    const ours = signRequest({ method: 'POST', host, path: modelPath, headers: { 'content-type': 'application/json' }, body }, { region: 'us-east-1', ...credentials }, 'bedrock', at);
    const sdk = await new SignatureV4({ service: 'bedrock', region: 'us-east-1', credentials, sha256: Sha256 }).sign(
      { method: 'POST', protocol: 'https:', hostname: host, path: modelPath, headers: { 'content-type': 'application/json', host }, body, query: {} },
      { signingDate: at },
    );
    expect(ours.authorization).toBe(sdk.headers.authorization);
    expect(ours['x-amz-security-token']).toBe(sdk.headers['x-amz-security-token']);
  });
});

describe('the Converse client', () => {
  let server: http2.Http2Server;
  let reply: (headers: http2.IncomingHttpHeaders, body: string) => { status: number; body: unknown; type?: string } | 'hang';
  const seen: { headers: http2.IncomingHttpHeaders; body: string }[] = [];
  let url = '';
  beforeAll(async () => {
    server = http2.createServer();
    server.on('session', (s) => sessions.add(s));
    server.on('stream', (stream, headers) => {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
      stream.on('end', () => {
        seen.push({ headers, body });
        const r = reply(headers, body);
        if (r === 'hang') return;
        stream.respond({ ':status': r.status, 'content-type': 'application/json', ...(r.type ? { 'x-amzn-errortype': r.type } : {}) });
        stream.end(JSON.stringify(r.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  afterAll(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    sessions.forEach((s) => s.destroy());
    await closed;
  });
  const client = () => converseClient({ AWS_ENDPOINT_URL_BEDROCK_RUNTIME: url, AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret' });
  const command = new ConverseCommand({ modelId: 'eu.modelo:0', messages: [{ role: 'user', content: [{ text: 'Hola' }] }] });

  it('posts the input without modelId to /model/<id>/converse, signed for bedrock in the region', async () => {
    reply = () => ({ status: 200, body: { output: { message: { role: 'assistant', content: [{ text: 'Hola' }] } }, stopReason: 'end_turn', usage: { inputTokens: 3, outputTokens: 1 } } });
    const out = await client().send(command);
    expect(out).toMatchObject({ stopReason: 'end_turn', usage: { outputTokens: 1 }, $metadata: { httpStatusCode: 200 } });
    const last = seen.at(-1)!;
    expect(last.headers[':path']).toBe('/model/eu.modelo%3A0/converse');
    expect(JSON.parse(last.body)).toEqual({ messages: command.input.messages });
    expect(last.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/eu-west-1\/bedrock\/aws4_request/);
  });

  it('fails with the service exception name and status, which ModelError classifies as the SDK error would', async () => {
    reply = () => ({ status: 429, body: { message: 'Too many requests' }, type: 'ThrottlingException:http://internal.amazon.com/coral/' });
    const error = await client().send(command).catch((e) => e);
    expect(error).toMatchObject({ name: 'ThrottlingException', message: 'Too many requests', $metadata: { httpStatusCode: 429 } });
    expect(classifyModelError(error).name).toBe('ModelThrottled');
  });

  it('gives up when its abort signal fires', async () => {
    reply = () => 'hang';
    const error = await client().send(command, { abortSignal: AbortSignal.timeout(50) }).catch((e) => e);
    expect(error.name).toBe('AbortError');
  });
});
