import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { specOf } from '../../lambdas/shared/ai/model-table';
import { drawFault, malformed, parseFaults, seededRandom, throttled, truncated, type FaultRates } from './bedrock-faults';
import { BedrockFault, converseJson, exceptionFrame, streamFrames, type ConverseRequest } from './bedrock-protocol';
import { titanEmbedding, TITAN_EMBED_V2 } from './bedrock-embeddings';
import { downModels, limitFault, unavailable } from './bedrock-limits';
import { tokenQuota, tpmFromEnv, type TokenQuota } from './bedrock-quota';
import { offlineWriter, openAiWriter, type Writer } from './bedrock-writers';
import { promptCache } from './bedrock-cache';

// A loopback Bedrock Runtime: Converse and ConverseStream over HTTP/2 cleartext (the SDK speaks
// HTTP/2 to Bedrock and fails against node:http). Point the SDK at it with
// AWS_ENDPOINT_URL_BEDROCK_RUNTIME. Behind it: a real model through MENTORA_LLM_URL, else the
// offline writer. Its pace is a fixed latency (MENTORA_LLM_LATENCY_MS=<ms>) or each model's own
// from the model table (MENTORA_LLM_LATENCY_MS=model: time to first token + output tokens ÷ tokens
// per second), and it injects faults at given rates (MENTORA_LLM_FAULTS, seeded by MENTORA_LLM_SEED).
// With MENTORA_LLM_TPM it enforces a tokens-per-minute quota per model as Bedrock does (bedrock-quota.ts).

export interface LocalBedrockOptions {
  port?: number;
  /** Every call takes this long (a model of known latency); default MENTORA_LLM_LATENCY_MS. */
  latencyMs?: number;
  /** 'model': each call takes the model table's time for its output (MENTORA_LLM_LATENCY_MS=model). */
  timing?: 'model' | 'instant';
  /** Multiplies every model-table delay (tests run the realistic pace faster). Default 1. */
  timeScale?: number;
  /** Fault rates, or their MENTORA_LLM_FAULTS text; default MENTORA_LLM_FAULTS. */
  faults?: FaultRates | string;
  /** Seed of the fault draws; default MENTORA_LLM_SEED, else random. */
  seed?: number;
  /** Overrides the writer chosen from the environment (tests use it to script faults). */
  writer?: Writer;
  /** Model ids that answer ServiceUnavailableException (a fallback then writes); default MENTORA_LLM_DOWN. */
  down?: string[];
  /** Sees every call and may answer it instead (e.g. throw a BedrockFault); `next` asks the writer. */
  intercept?: (req: ConverseRequest, next: () => ReturnType<Writer>) => ReturnType<Writer>;
  /**
   * Tests (issue 42): asked before each tool input frame of a ConverseStream, with the input sent so
   * far; it may hold the stream (a promise) or break it ('fail': an internalServerException event
   * after the 200, as Bedrock sends one).
   */
  streamGate?: StreamGate;
  /** Tokens per minute per model, as Bedrock's on-demand quota (bedrock-quota.ts); default MENTORA_LLM_TPM, else none. */
  tpm?: number;
  /** The quota's "minute" in ms (default 60,000; tests shorten it). */
  quotaMinuteMs?: number;
  env?: NodeJS.ProcessEnv;
}

export type StreamGate = (req: ConverseRequest, sent: string) => Promise<void | 'fail'> | void | 'fail';

export interface LocalBedrock {
  url: string;
  /** 'offline' (demonstration content) or the OpenAI-compatible URL forwarded to. */
  mode: string;
  calls: () => number;
  /** Faults injected so far, by kind. */
  faults: () => Record<string, number>;
  /** The tokens-per-minute quota when one is set (MENTORA_LLM_TPM): tokens counted in the last minute per model, calls refused. */
  quota?: TokenQuota;
  close: () => Promise<void>;
}

export function writerFromEnv(env: NodeJS.ProcessEnv = process.env): { writer: Writer; mode: string } {
  const url = env.MENTORA_LLM_URL;
  if (!url) return { writer: offlineWriter, mode: 'offline' };
  return { writer: openAiWriter(url, env.MENTORA_LLM_MODEL || 'qwen2.5:7b', env.MENTORA_LLM_API_KEY), mode: url };
}

const ROUTE = /^\/model\/([^/]+)\/(converse|converse-stream|invoke)$/;

function answerEmbedding(modelId: string, body: Buffer, send: (status: number, body: unknown, extra?: Record<string, string>) => void) {
  const invalid = (message: string) => send(400, { message }, { 'x-amzn-errortype': 'ValidationException' });
  if (!TITAN_EMBED_V2.test(modelId)) return invalid(`The model ${modelId} does not support InvokeModel here: only the embedding model is served.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return invalid('Malformed input request: not JSON');
  }
  const answer = titanEmbedding(parsed);
  return 'invalid' in answer ? invalid(answer.invalid) : send(200, answer);
}

const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : undefined);

/** Pace settings from the options, else the environment. */
function paceOf(opts: LocalBedrockOptions, env: NodeJS.ProcessEnv) {
  const fromEnv = env.MENTORA_LLM_LATENCY_MS?.trim();
  const timing = opts.timing ?? (opts.latencyMs === undefined && fromEnv === 'model' ? 'model' : 'instant');
  const latencyMs = opts.latencyMs ?? (Number(fromEnv) || 0);
  const faults = typeof opts.faults === 'object' ? opts.faults : parseFaults(opts.faults ?? env.MENTORA_LLM_FAULTS);
  const seed = opts.seed ?? (env.MENTORA_LLM_SEED ? Number(env.MENTORA_LLM_SEED) : Math.floor(Math.random() * 2 ** 32));
  return { timing, latencyMs, scale: opts.timeScale ?? 1, faults, random: seededRandom(seed) };
}

export async function startLocalBedrock(opts: LocalBedrockOptions = {}): Promise<LocalBedrock> {
  const env = opts.env ?? process.env;
  const chosen = opts.writer ? { writer: opts.writer, mode: 'custom' } : writerFromEnv(env);
  const pace = paceOf(opts, env);
  const down = new Set(opts.down ?? downModels(env.MENTORA_LLM_DOWN));
  const injected: Record<string, number> = {};
  const tpm = opts.tpm ?? tpmFromEnv(env.MENTORA_LLM_TPM);
  const quota = tpm ? tokenQuota(tpm, Date.now, opts.quotaMinuteMs) : undefined;
  let calls = 0;
  const cache = promptCache();
  const server = http2.createServer();
  // Tracked so close() can end them: a hung call (the timeout fault) would keep its session open.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const match = ROUTE.exec(String(headers[':path'] ?? '').split('?')[0]);
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    const handle = async () => {
      // The model's clock starts when the request has arrived, as Bedrock's time to first token does: the
      // stand-in's own work (the offline writer, the prompt cache's count) runs within it, not before it.
      const arrived = performance.now();
      const until = (ms: number) => wait(arrived + ms - performance.now());
      const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        if (stream.destroyed) return;
        stream.respond({ ':status': status, 'content-type': 'application/json', ...extra });
        stream.end(JSON.stringify(body));
      };
      if (!match || headers[':method'] !== 'POST') return send(404, { message: 'Unknown operation' }, { 'x-amzn-errortype': 'UnknownOperationException' });
      calls++;
      // InvokeModel: only the embedding model (issue 24, bedrock-embeddings.ts); it writes no text, so no writer, pace or quota.
      if (match[2] === 'invoke') return answerEmbedding(decodeURIComponent(match[1]), Buffer.concat(chunks), send);
      try {
        const req = { ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ConverseRequest), modelId: decodeURIComponent(match[1]) };
        // Refused before any fault or writer, as Bedrock validates a request before it runs a model.
        const invalid = limitFault(req);
        if (invalid) throw invalid;
        if (down.has(req.modelId)) throw unavailable();
        // The quota before the random faults: a drill's throttle is on top of the real one.
        const overQuota = quota?.admit(req);
        if (overQuota) throw overQuota;
        const fault = drawFault(pace.faults, pace.random);
        if (fault) injected[fault] = (injected[fault] ?? 0) + 1;
        if (fault === 'throttle') throw throttled();
        // No answer at all: the client's own timeout is the only way out, as with a stuck model.
        if (fault === 'timeout') return await new Promise((r) => stream.once('close', r));
        const spec = pace.timing === 'model' ? specOf(req.modelId) : undefined;
        const ttft = spec ? spec.ttftMs * pace.scale : pace.latencyMs;
        // Usage as Bedrock bills it, cached input apart (bedrock-cache.ts), as an intercept (benches, tests) sees it too.
        const next = () => chosen.writer(req).then((r) => cache.account(req, r, ttft));
        let reply = await (opts.intercept ? opts.intercept(req, next) : next());
        if (fault === 'truncate') reply = truncated(reply);
        if (fault === 'malformed') reply = malformed(reply);
        const msPerToken = spec ? (1000 / spec.outputTokensPerSecond) * pace.scale : 0;
        if (match[2] === 'converse') {
          await until(ttft + reply.usage.outputTokens * msPerToken);
          return send(200, converseJson(reply));
        }
        // ConverseStream: the first frame after the time to first token, then each when the model has written
        // its tokens, on one schedule from the request's arrival (waits one after another drift, a timer's
        // lateness added to every frame).
        await until(ttft);
        if (stream.destroyed) return;
        stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream' });
        let sent = '';
        let written = 0;
        for (const f of streamFrames(reply)) {
          written += f.tokens;
          await until(ttft + written * msPerToken);
          if (f.input !== undefined && opts.streamGate && (await opts.streamGate(req, sent)) === 'fail') {
            if (!stream.destroyed) stream.end(exceptionFrame('internalServerException', 'The model stopped while it was writing.'));
            return;
          }
          if (stream.destroyed) return;
          stream.write(f.bytes);
          sent += f.input ?? '';
        }
        stream.end();
      } catch (error) {
        const fault = error instanceof BedrockFault ? error : new BedrockFault('InternalServerException', 500, (error as Error).message);
        send(fault.status, { message: fault.message }, { 'x-amzn-errortype': fault.type });
      }
    };
    stream.on('end', () => void handle());
  });
  server.on('sessionError', () => undefined);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mode: chosen.mode,
    calls: () => calls,
    faults: () => ({ ...injected }),
    quota,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle SDK sessions and hung calls (the timeout fault) would keep the server open forever.
        sessions.forEach((s) => s.destroy());
        setTimeout(resolve, 200).unref();
      }),
  };
}
