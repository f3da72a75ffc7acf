import { createHash } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { localCredentials } from './local-aws';
import { AUDIO_TOOLS_HINT, missingAudioTools } from './polly-audio';
import { checkRequest, PollyError, synthesize, TEXT_LIMITS } from './polly-synth';
import { synthesisTasks } from './polly-tasks';
import { SPANISH_VOICES } from './polly-voices';
import { amzDate, parseCredential, requestSignature, sameSignature } from './s3-sigv4';

// A loopback Amazon Polly (issue 26, docs/narration.md) for the calls Mentora makes, over Polly's
// REST-JSON protocol so @aws-sdk/client-polly talks to it unchanged (AWS_ENDPOINT_URL_POLLY):
// SynthesizeSpeech (mp3, ogg_vorbis, pcm, or json speech marks of sentences and words),
// StartSpeechSynthesisTask / GetSpeechSynthesisTask (output written into the local S3), and
// DescribeVoices. Real Spanish speech from Debian's espeak-ng in place of Polly's voices; every
// request is SigV4-signed with the local credentials, as the S3 stand-in demands.

export interface LocalPollyOptions {
  /** The S3 stand-in the tasks write into (its URL; the bucket comes with each task). */
  s3Url: string;
  now?: () => Date;
  port?: number;
}

export type LocalPolly = Awaited<ReturnType<typeof startLocalPolly>>;

export async function startLocalPolly(opts: LocalPollyOptions) {
  const now = opts.now ?? (() => new Date());
  const counted = { calls: 0, characters: 0 };
  const onSynthesis = (characters: number) => {
    counted.calls += 1;
    counted.characters += characters;
  };
  const tasks = synthesisTasks({ s3Url: opts.s3Url, now, onSynthesis });

  const serve = async (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://local');
    const denied = authenticate(req, url, body, now());
    if (denied) throw denied;
    const input = () => {
      try {
        return (body.length ? JSON.parse(body.toString('utf8')) : {}) as Record<string, unknown>;
      } catch {
        throw new PollyError('SerializationException', 'The request body is not valid JSON');
      }
    };
    if (req.method === 'POST' && url.pathname === '/v1/speech') {
      const checked = checkRequest(input(), TEXT_LIMITS.sync);
      if (missingAudioTools().length) throw new PollyError('ServiceFailureException', `The local Polly needs ${missingAudioTools().join(', ')}: ${AUDIO_TOOLS_HINT}`, 500);
      const out = await synthesize(checked);
      onSynthesis(out.billed);
      res.writeHead(200, { 'content-type': out.contentType, 'x-amzn-requestcharacters': String(out.billed), 'content-length': String(out.body.length) });
      return res.end(out.body);
    }
    if (req.method === 'POST' && url.pathname === '/v1/synthesisTasks') return json(res, 200, { SynthesisTask: await tasks.start(input()) });
    const task = /^\/v1\/synthesisTasks\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && task) return json(res, 200, { SynthesisTask: tasks.get(decodeURIComponent(task[1])) });
    if (req.method === 'GET' && url.pathname === '/v1/voices') {
      const engine = url.searchParams.get('Engine');
      const language = url.searchParams.get('LanguageCode');
      const voices = SPANISH_VOICES.filter((v) => (!engine || v.engines.includes(engine as never)) && (!language || v.languageCode === language));
      return json(res, 200, { Voices: voices.map((v) => ({ Id: v.id, Name: v.id, Gender: v.gender, LanguageCode: v.languageCode, LanguageName: LANGUAGE_NAMES[v.languageCode], SupportedEngines: v.engines })) });
    }
    throw new PollyError('UnknownOperationException', `No operation at ${req.method} ${url.pathname}`, 404);
  };

  // HTTP/2 cleartext: Polly's client speaks HTTP/2 (for its streaming operation) and fails against node:http.
  const server = http2.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const e = error instanceof PollyError ? error : new PollyError('ServiceFailureException', String((error as Error).message), 500);
      res.setHeader('x-amzn-errortype', e.code);
      json(res, e.status, { message: e.message });
    });
  });
  // Tracked so close() ends the SDK's kept-alive sessions.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Syntheses run (sync calls and tasks) and the characters billed: tests prove a cached play synthesized nothing. */
    counted: () => ({ ...counted }),
    /** Resolves when every task started so far has ended. */
    idle: () => tasks.idle(),
    env: { AWS_ENDPOINT_URL_POLLY: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    close: async () => {
      await tasks.idle();
      tasks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.close();
      });
    },
  };
}

const LANGUAGE_NAMES = { 'es-ES': 'Castilian Spanish', 'es-MX': 'Mexican Spanish', 'es-US': 'US Spanish' } as const;

const json = (res: http2.Http2ServerResponse, status: number, value: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

async function readBody(req: http2.Http2ServerRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // A task's 200,000 characters of SSML in UTF-8, with room: more is not a Polly request.
    if (size > 1024 * 1024) throw new PollyError('ValidationException', 'Request too large', 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The request's SigV4 signature (service polly) checked against the local secret; undefined when it holds. */
function authenticate(req: http2.Http2ServerRequest, url: URL, body: Buffer, at: Date): PollyError | undefined {
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(req.headers.authorization ?? '');
  const scope = parseCredential(m?.[1]);
  const date = String(req.headers['x-amz-date'] ?? '');
  if (!m || !scope || !amzDate(date)) return new PollyError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
  if (scope.accessKeyId !== localCredentials.accessKeyId) return new PollyError('UnrecognizedClientException', 'The security token included in the request is invalid.', 403);
  if (Math.abs(at.getTime() - amzDate(date)!.getTime()) > 5 * 60 * 1000) return new PollyError('InvalidSignatureException', 'Signature expired', 403);
  // HTTP/2 carries the signed `host` as :authority.
  const headers = { ...req.headers, host: req.headers.host ?? req.headers[':authority'] };
  const signature = requestSignature(localCredentials.secretAccessKey, {
    method: req.method ?? 'GET', rawPath: (req.url ?? '/').split('?')[0], query: [...url.searchParams.entries()], headers,
    signedHeaders: m[2].split(';'), payloadHash: String(req.headers['x-amz-content-sha256'] ?? createHash('sha256').update(body).digest('hex')), amzDate: date, scope,
  });
  return sameSignature(signature, m[3]) ? undefined : new PollyError('InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.', 403);
}
