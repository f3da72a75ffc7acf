import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { BedrockFault, converseJson, streamFrames, type ConverseRequest } from './bedrock-protocol';
import { offlineWriter, openAiWriter, type Writer } from './bedrock-writers';

// A loopback Bedrock Runtime: Converse and ConverseStream over HTTP/2 cleartext (the SDK speaks
// HTTP/2 to Bedrock and fails against node:http). Point the SDK at it with
// AWS_ENDPOINT_URL_BEDROCK_RUNTIME. Behind it: a real model through MENTORA_LLM_URL, else the
// offline writer.

export interface LocalBedrockOptions {
  port?: number;
  /** Delay added to every call, to measure the pipeline against a model of known latency. */
  latencyMs?: number;
  /** Overrides the writer chosen from the environment (tests use it to script faults). */
  writer?: Writer;
  /** Sees every call and may answer it instead (e.g. throw a BedrockFault); `next` asks the writer. */
  intercept?: (req: ConverseRequest, next: () => ReturnType<Writer>) => ReturnType<Writer>;
  env?: NodeJS.ProcessEnv;
}

export interface LocalBedrock {
  url: string;
  /** 'offline' (demonstration content) or the OpenAI-compatible URL forwarded to. */
  mode: string;
  calls: () => number;
  close: () => Promise<void>;
}

export function writerFromEnv(env: NodeJS.ProcessEnv = process.env): { writer: Writer; mode: string } {
  const url = env.MENTORA_LLM_URL;
  if (!url) return { writer: offlineWriter, mode: 'offline' };
  return { writer: openAiWriter(url, env.MENTORA_LLM_MODEL || 'qwen2.5:7b', env.MENTORA_LLM_API_KEY), mode: url };
}

const ROUTE = /^\/model\/([^/]+)\/(converse|converse-stream)$/;

export async function startLocalBedrock(opts: LocalBedrockOptions = {}): Promise<LocalBedrock> {
  const chosen = opts.writer ? { writer: opts.writer, mode: 'custom' } : writerFromEnv(opts.env);
  let calls = 0;
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    const match = ROUTE.exec(String(headers[':path'] ?? '').split('?')[0]);
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', async () => {
      const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        if (stream.destroyed) return;
        stream.respond({ ':status': status, 'content-type': 'application/json', ...extra });
        stream.end(JSON.stringify(body));
      };
      if (!match || headers[':method'] !== 'POST') return send(404, { message: 'Unknown operation' }, { 'x-amzn-errortype': 'UnknownOperationException' });
      calls++;
      try {
        const req = { ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ConverseRequest), modelId: decodeURIComponent(match[1]) };
        if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
        const next = () => chosen.writer(req);
        const reply = await (opts.intercept ? opts.intercept(req, next) : next());
        if (match[2] === 'converse') return send(200, converseJson(reply));
        stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream' });
        for (const f of streamFrames(reply)) stream.write(f);
        stream.end();
      } catch (error) {
        const fault = error instanceof BedrockFault ? error : new BedrockFault('InternalServerException', 500, (error as Error).message);
        send(fault.status, { message: fault.message }, { 'x-amzn-errortype': fault.type });
      }
    });
  });
  server.on('sessionError', () => undefined);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mode: chosen.mode,
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle SDK sessions would keep the server open; close() waits only for live streams.
        (server as unknown as { sessions?: Set<http2.ServerHttp2Session> }).sessions?.forEach((s) => s.close());
        setTimeout(resolve, 200).unref();
      }),
  };
}
