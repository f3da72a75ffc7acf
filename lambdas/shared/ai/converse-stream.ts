import type { ConverseStreamCommandInput } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { logger } from '../logger';
import { recordModelUsage } from '../observability';
import { bedrockClient, bedrockSdk, type BedrockSender } from './bedrock-client';
import { jsonFieldStream } from './json-field-stream';
import { ModelError, classifyModelError } from './model-errors';
import { DEFAULT_RETRY, boundedRequest, type RetryPolicy } from './model-retry';
import { costUsd, requestBoundMs } from './model-table';
import { modelFor, type ModelIds, type ModelRoutes } from './models';
import { renderPrompt, systemPrompt, type PromptSpec } from './prompts';
import type { Fallbacks, Meter, Usage } from './structured-output';
import { toolInputSchema } from './tool-input-schema';

// Bedrock's ConverseStream with the same forced tool as structured-output.ts, for answers a person
// reads while they are written (the tutor). The tool's input arrives as JSON fragments; one string
// field of it (`respuesta`) is decoded as it comes and handed to `onText`. The whole input is
// validated with the prompt's zod schema at the end; no repair turn (the text was already read).

export interface StreamedAnswer<T> {
  /** The validated tool input; undefined when it was stopped, cut or did not match the schema. */
  value?: T;
  /** Everything `onText` received. */
  text: string;
  usage: Usage;
  modelId: string;
  promptVersion: string;
  stopReason?: string;
  /** True when the caller stopped it through `signal`. */
  stopped: boolean;
}

export interface StreamOptions {
  /** The top-level string field of the tool input that is streamed. */
  field: string;
  onText: (text: string) => void;
  /** Aborting stops the model's stream (and its billing) at once. */
  signal?: AbortSignal;
  /** Told what the call cost when it ends, stopped or failed included (metered-model.ts). */
  meter?: Meter;
}

export type StreamingModel = <S extends z.ZodType>(spec: PromptSpec<S>, data: Record<string, unknown>, options: StreamOptions) => Promise<StreamedAnswer<z.output<S>>>;

/** The ConverseStream request without its model id: what the port builds and the transport sends. */
export type ConverseStreamRequest = Omit<ConverseStreamCommandInput, 'modelId'>;
/** One ConverseStream request: calls `onEvent` per event (its type, its payload) until the end. */
export type ConverseStreamTransport = (modelId: string, request: ConverseStreamRequest, signal: AbortSignal, onEvent: (type: string, payload: StreamEvent) => void) => Promise<void>;
export interface StreamEvent {
  delta?: { text?: string; toolUse?: { input?: string } };
  stopReason?: string;
  usage?: Partial<Usage>;
  message?: string;
}

/** `throttlingException` → `ThrottlingException`: the name the SDK gives the same error outside a stream. */
const exceptionName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/**
 * The transport over AWS's own client (bedrock-client.ts): the SDK signs, frames and decodes the
 * event stream. An exception event in the stream (a throttle or a model error after the 200)
 * becomes an error named as the SDK names it, so classifyModelError sees one vocabulary.
 */
export function converseStreamTransport(client: BedrockSender = bedrockClient()): ConverseStreamTransport {
  return async (modelId, request, signal, onEvent) => {
    const { ConverseStreamCommand } = await bedrockSdk();
    const out = await client.send(new ConverseStreamCommand({ modelId, ...request }), { abortSignal: signal });
    for await (const event of out.stream ?? []) {
      for (const [type, payload] of Object.entries(event)) {
        if (payload === undefined || type === '$unknown') continue;
        if (type.endsWith('Exception')) throw Object.assign(new Error((payload as { message?: string }).message ?? type), { name: exceptionName(type) });
        onEvent(type, payload as StreamEvent);
      }
      if (signal.aborted) return;
    }
  };
}

/**
 * The streaming port. Throttling before the first character is retried like every model call
 * (model-retry.ts), and a model still throttled, or unavailable, hands the answer to its purpose's
 * next model (model-table.ts FALLBACKS); once text has been handed on, a failure is final (a retry
 * or another model would start the answer over).
 */
export function bedrockStreamingModel(transport: ConverseStreamTransport, ids: ModelIds | ModelRoutes, retry: Partial<RetryPolicy> = {}, fallbacks: Fallbacks = {}): StreamingModel {
  const policy = { ...DEFAULT_RETRY, ...retry };
  const once = async <S extends z.ZodType>(modelId: string, spec: PromptSpec<S>, data: Record<string, unknown>, options: StreamOptions): Promise<StreamedAnswer<z.output<S>>> => {
    const started = Date.now();
    const inputSchema = toolInputSchema(spec.schema);
    const request: ConverseStreamRequest = {
      system: [{ text: systemPrompt(spec) }],
      messages: [{ role: 'user', content: [{ text: renderPrompt(spec, data) }] }],
      toolConfig: { tools: [{ toolSpec: { name: spec.tool, description: spec.toolDescription, inputSchema: { json: inputSchema as never } } }], toolChoice: { tool: { name: spec.tool } } },
      inferenceConfig: { maxTokens: spec.maxTokens, temperature: 0.4 },
    };
    const usage: Usage = { inputTokens: 0, outputTokens: 0 };
    const field = jsonFieldStream(options.field);
    let input = '';
    let text = '';
    let stopReason: string | undefined;
    const onEvent = (type: string, p: StreamEvent) => {
      if (type === 'contentBlockDelta' && p.delta?.toolUse?.input) {
        input += p.delta.toolUse.input;
        const piece = field(p.delta.toolUse.input);
        if (piece) {
          text += piece;
          options.onText(piece);
        }
      } else if (type === 'messageStop') stopReason = p.stopReason;
      else if (type === 'metadata') {
        usage.inputTokens += p.usage?.inputTokens ?? 0;
        usage.outputTokens += p.usage?.outputTokens ?? 0;
      }
    };
    try {
      await boundedRequest(async (signal) => {
        const both = options.signal ? AbortSignal.any([signal, options.signal]) : signal;
        try {
          await transport(modelId, request, both, onEvent);
        } catch (error) {
          if (options.signal?.aborted) return;
          const failed = classifyModelError(error);
          // Text already reached the learner: a throttle now is not retried (it would repeat it).
          if (text && !signal.aborted && failed.name === 'ModelThrottled') throw new ModelError('ModelUnavailable', failed.message);
          throw error;
        }
      }, requestBoundMs(modelId, spec.maxTokens), policy);
    } catch (error) {
      logger.info('model call', usageLog(spec.purpose, modelId, usage, Date.now() - started, (error as Error).name));
      recordModelUsage(spec.purpose, modelId, usage);
      if (usage.inputTokens || usage.outputTokens) await options.meter?.({ purpose: spec.purpose, modelId, usage, promptVersion: spec.version, ok: false, demo: false });
      throw Object.assign(error as Error, { usage, streamed: Boolean(text) });
    }
    const stopped = Boolean(options.signal?.aborted);
    // A stopped stream sends no metadata frame: its output is estimated (4 characters a token).
    if (!usage.outputTokens) usage.outputTokens = Math.ceil(input.length / 4);
    // Nor its input count, which Bedrock bills all the same: estimated from the request, as Bedrock counts (system, tool schema, messages).
    if (!usage.inputTokens) usage.inputTokens = Math.ceil(JSON.stringify([request.system, request.toolConfig, request.messages]).length / 4);
    let value: z.output<typeof spec.schema> | undefined;
    if (!stopped && stopReason !== 'max_tokens') {
      try {
        const parsed = spec.schema.safeParse(JSON.parse(input));
        if (parsed.success) value = parsed.data;
      } catch {
        // Not JSON: the caller decides from the streamed text.
      }
    }
    logger.info('model call', usageLog(spec.purpose, modelId, usage, Date.now() - started, stopped ? 'stopped' : value ? 'ok' : 'InvalidModelOutput'));
    recordModelUsage(spec.purpose, modelId, usage);
    await options.meter?.({ purpose: spec.purpose, modelId, usage, promptVersion: spec.version, ok: Boolean(value), demo: false });
    return { value, text, usage, modelId, promptVersion: spec.version, stopReason, stopped };
  };
  return async (spec, data, options) => {
    const candidates = [...new Set([modelFor(ids, spec.purpose), ...(fallbacks[spec.purpose] ?? [])])];
    for (let i = 0; ; i++) {
      try {
        return await once(candidates[i], spec, data, options);
      } catch (error) {
        const busy = error instanceof ModelError && (error.name === 'ModelThrottled' || error.name === 'ModelUnavailable');
        if (!busy || (error as { streamed?: boolean }).streamed || i + 1 >= candidates.length) throw error;
      }
    }
  };
}

const usageLog = (purpose: string, modelId: string, usage: Usage, ms: number, outcome: string) => ({
  purpose,
  modelId,
  ...usage,
  costeEstimadoUSD: costUsd(modelId, usage.inputTokens, usage.outputTokens),
  ms,
  outcome,
  streamed: true,
});
