import type { ContentBlock, Message } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import type { BedrockSender } from './bedrock-sender';
import { ModelError } from './model-errors';
import { DEFAULT_RETRY, boundedRequest, type RetryPolicy } from './model-retry';
import { logger } from '../logger';
import { recordModelUsage } from '../observability';
import { cacheOf, costUsd, requestBoundMs, specOf } from './model-table';
import type { ModelPurpose } from './model-table';
import { modelFor, type ModelIds, type ModelRoutes } from './models';
import { systemPrompt, type PromptSpec } from './prompts';
import { answerText, openingBlocks } from './prompt-blocks';
import { converseByStream, type ToolInputSink } from './converse-by-stream';
import { toolInputSchema } from './tool-input-schema';

export interface Usage {
  /** Every input token, those read from or written to the prompt cache included. */
  inputTokens: number;
  outputTokens: number;
  /** Of the input, tokens Bedrock read from / wrote to the prompt cache (billed at their own prices, model-table.ts costUsd). */
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

export interface StructuredResult<T> {
  value: T;
  usage: Usage;
  modelId: string;
  promptVersion: string;
  /** True when the answer came from the local offline writer, not a model ("Modo demostración"). */
  demo: boolean;
}

export interface CallOptions<T> {
  /**
   * Problems the schema cannot see (the language, chatter, a missing section), in Spanish for the
   * model. A non-empty list gets the same single repair turn as a schema error, then InvalidModelOutput.
   */
  check?: (value: T) => string[];
  /** Told at the end of every model call this one made (fallbacks, repairs and failures included): what it cost. */
  meter?: Meter;
  /**
   * Issue 42: the request goes as ConverseStream, and each request (the first, a repair turn, a
   * shorter answer, a fallback's) asks for a sink of its tool input's fragments as they arrive
   * (converse-by-stream.ts). The answer is validated as it would be without it.
   */
  onStream?: () => ToolInputSink;
}

/** One model call's spend, told to its meter when the call ends, failed or not. */
export interface Spent {
  purpose: ModelPurpose;
  modelId: string;
  usage: Usage;
  promptVersion: string;
  /** False when the call failed: its tokens were still spent (and billed). */
  ok: boolean;
  demo: boolean;
}
/** Where a call's cost is added: the course, the learner's month (lambdas/plans/ai-budget.ts). Never throws. */
export type Meter = (spent: Spent) => Promise<void>;

/** The one way Mentora asks a model for something: the port use cases and pipeline tasks receive. */
export type StructuredModel = <S extends z.ZodType>(spec: PromptSpec<S>, data: Record<string, unknown>, options?: CallOptions<z.output<S>>) => Promise<StructuredResult<z.output<S>>>;

/** Why an answer was refused, phrased for the model on the repair turn. */
export const describeIssues = (error: z.ZodError) =>
  error.issues
    .slice(0, 10)
    .map((i) => `- ${i.path.join('.') || '(raíz)'}: ${i.message}`)
    .join('\n');

const toolUseOf = (message: Message | undefined) => message?.content?.find((c) => c.toolUse)?.toolUse;

/**
 * The temperature of a tool call: AWS's Nova guidance for tool use is greedy decoding (temperature 0);
 * other families keep 0.4, the value every call used before (issue 33 item 6).
 */
export const toolTemperature = (modelId: string) => (/(^|[.:/])amazon\.nova|nova-/.test(modelId) ? 0 : 0.4);

/** Nova's answer to a tool call it wrote malformed (a ModelErrorException, HTTP 424): worth one repair turn, not a fallback. */
const MALFORMED_TOOL_USE = /invalid sequence as part of ToolUse/i;
/** What the repair turn of a malformed tool call tells the model. */
export const MALFORMED_TOOL_CALL = 'Tu llamada anterior a la herramienta no era JSON válido. Vuelve a llamarla una sola vez, con un JSON válido que siga el esquema.';

/** What a call may tell the model when its answer was cut at the length cap. */
export const SHORTER_ANSWER = 'Tu respuesta anterior se cortó por exceder la longitud máxima. Escribe una versión más breve y completa, que termine bien.';

/**
 * Bedrock Converse with one forced tool whose input schema is the zod schema of the answer.
 * The answer is validated; an invalid one gets exactly one repair turn (the validation errors sent
 * back as the tool's result), and a second invalid answer fails with InvalidModelOutput.
 * Every request is bounded and throttling is retried (model-retry.ts). An answer cut at the length
 * cap (`stopReason: max_tokens`) is never used: it is asked again once from the start, at the same
 * cap, for a shorter answer (more tokens would cost more and be cut again); cut again, InvalidModelOutput.
 * A tool call the model wrote malformed (Nova: "invalid sequence as part of ToolUse") is the repair
 * turn's business, not the fallback's: asked again once on the same model with a note.
 * A prompt with `parseText` (the blind verifier, issue 33) is answered in plain text, no tool sent,
 * and its parse feeds the same validation and repair turn. Data a prompt marks `cachedData` is sent
 * first, behind a prompt cache point where the model has one (prompt-blocks.ts).
 */
export function bedrockStructuredModel(client: BedrockSender, ids: ModelIds | ModelRoutes, retry: Partial<RetryPolicy> = {}, fallbacks: Fallbacks = {}): StructuredModel {
  const policy = { ...DEFAULT_RETRY, ...retry };
  const call = async <S extends z.ZodType>(modelId: string, spec: PromptSpec<S>, data: Record<string, unknown>, options?: CallOptions<z.output<S>>): Promise<StructuredResult<z.output<S>>> => {
    const modelMax = specOf(modelId)?.maxOutputTokens ?? spec.maxTokens;
    const maxTokens = Math.min(spec.maxTokens, modelMax);
    const inputSchema = toolInputSchema(spec.schema);
    // A prompt answered in plain text (parseText, e.g. the blind verifier) sends no tool at all.
    const toolConfig = spec.parseText
      ? undefined
      : { tools: [{ toolSpec: { name: spec.tool, description: spec.toolDescription, inputSchema: { json: inputSchema as never } } }], toolChoice: { tool: { name: spec.tool } } };
    const opening = openingBlocks(spec, data, modelId);
    const additionalModelRequestFields = specOf(modelId)?.requestFields as never;
    let messages: Message[] = [{ role: 'user', content: opening() }];
    const usage: Usage = { inputTokens: 0, outputTokens: 0 };
    let demo = false;
    let truncatedOnce = false;

    for (let turn = 0; turn < 2;) {
      const { ConverseCommand } = await import('./bedrock-sdk');
      const command = new ConverseCommand({ modelId, system: [{ text: systemPrompt(spec) }], messages, toolConfig, inferenceConfig: { maxTokens, temperature: toolTemperature(modelId) }, additionalModelRequestFields });
      // A turn that fails (throttled past its budget, timed out) after earlier turns were answered
      // still carries their tokens: they were billed, so the meter must see them.
      const stream = spec.parseText ? undefined : options?.onStream;
      const send = (abortSignal: AbortSignal) => (stream ? converseByStream(client, command.input, abortSignal, stream()) : client.send(command, { abortSignal }));
      const out = await boundedRequest(send, requestBoundMs(modelId, maxTokens), policy)
        .catch((error: unknown) => { throw Object.assign(error as Error, { usage }); })
        .catch((error: Error) => {
          if (turn > 0 || !MALFORMED_TOOL_USE.test(error.message)) throw error;
          return undefined;
        });
      if (!out) {
        // The malformed call is the repair turn: the same request again with the note, then whatever it answers.
        turn++;
        messages = [{ role: 'user', content: opening(MALFORMED_TOOL_CALL) }];
        continue;
      }
      // Bedrock counts cached input apart from inputTokens; Usage keeps every input token and says which were cached.
      const read = out.usage?.cacheReadInputTokens ?? 0;
      const written = out.usage?.cacheWriteInputTokens ?? 0;
      usage.inputTokens += (out.usage?.inputTokens ?? 0) + read + written;
      usage.outputTokens += out.usage?.outputTokens ?? 0;
      if (read) usage.cacheReadInputTokens = (usage.cacheReadInputTokens ?? 0) + read;
      if (written) usage.cacheWriteInputTokens = (usage.cacheWriteInputTokens ?? 0) + written;
      demo ||= Boolean((out.additionalModelResponseFields as Record<string, unknown> | undefined)?.mentoraOfflineWriter);
      if (out.stopReason === 'max_tokens') {
        if (truncatedOnce) throw Object.assign(new ModelError('InvalidModelOutput', `${spec.tool}: la respuesta se cortó por longitud dos veces`), { usage });
        truncatedOnce = true;
        // Start over: a cut answer is no basis for a repair. A shorter target at the same cap.
        messages = [{ role: 'user', content: opening(SHORTER_ANSWER) }];
        continue;
      }
      const message = out.output?.message;
      const toolUse = toolUseOf(message);
      const text = spec.parseText && answerText(message);
      const answer = spec.parseText ? spec.parseText(text ?? '') : toolUse?.input;
      const parsed = toolUse || spec.parseText ? spec.schema.safeParse(answer) : undefined;
      const problems = parsed?.success ? (options?.check?.(parsed.data) ?? []) : [];
      if (parsed?.success && !problems.length) return { value: parsed.data, usage, modelId, promptVersion: spec.version, demo };
      if (++turn === 2) break;
      // The repair turn: show the model its own answer and exactly what was wrong with it.
      const feedback = problems.length
        ? `La respuesta no supera las comprobaciones:\n${problems.map((p) => `- ${p}`).join('\n')}`
        : spec.parseText && answer === undefined
          ? 'La respuesta no sigue el formato pedido. Responde de nuevo solo con las líneas del formato.'
          : parsed && !parsed.success
            ? `La respuesta no cumple el esquema:\n${describeIssues(parsed.error)}`
            : `Debes responder llamando a la herramienta ${spec.tool}.`;
      // A text answer goes back as its text only (a reasoning model's reasoning blocks are not replayed).
      const said: ContentBlock[] | undefined = spec.parseText ? (text ? [{ text }] : undefined) : message?.content?.length ? message.content : undefined;
      messages.push({ role: 'assistant', content: said ?? [{ text: '(sin respuesta)' }] });
      const reply: ContentBlock[] = toolUse?.toolUseId
        ? [{ toolResult: { toolUseId: toolUse.toolUseId, status: 'error', content: [{ text: `${feedback}\nCorrige y vuelve a llamar a ${spec.tool}.` }] } }]
        : [{ text: feedback }];
      messages.push({ role: 'user', content: reply });
    }
    throw Object.assign(new ModelError('InvalidModelOutput', `${spec.tool}: el modelo no devolvió una respuesta válida tras una reparación`), { usage });
  };
  // Every call's tokens and estimated cost, per purpose and model id, in the logs (CloudWatch Logs
  // Insights sums them): tutor messages, suggestions and diplomado plans included, and spent tokens
  // of calls that failed. Courses also record theirs on the course item (generation-store.ts).
  // A model throttled past its retry budget or unavailable hands the call to the purpose's next
  // model (model-table.ts FALLBACKS); each attempt is logged and metered under the model that served it.
  return async (spec, data, options) => {
    const candidates = [...new Set([modelFor(ids, spec.purpose), ...(fallbacks[spec.purpose] ?? [])])];
    for (let i = 0; ; i++) {
      const modelId = candidates[i];
      const started = Date.now();
      try {
        const result = await call(modelId, spec, data, options);
        logger.info('model call', usageLog(spec.purpose, modelId, result.usage, Date.now() - started, 'ok', i));
        recordModelUsage(spec.purpose, modelId, result.usage);
        await options?.meter?.({ purpose: spec.purpose, modelId, usage: result.usage, promptVersion: spec.version, ok: true, demo: result.demo });
        return result;
      } catch (error) {
        logger.info('model call', usageLog(spec.purpose, modelId, (error as { usage?: Usage }).usage, Date.now() - started, (error as Error).name, i));
        recordModelUsage(spec.purpose, modelId, (error as { usage?: Usage }).usage);
        const spent = (error as { usage?: Usage }).usage;
        if (spent?.inputTokens || spent?.outputTokens) await options?.meter?.({ purpose: spec.purpose, modelId, usage: spent, promptVersion: spec.version, ok: false, demo: false });
        const busy = error instanceof ModelError && (error.name === 'ModelThrottled' || error.name === 'ModelUnavailable');
        if (!busy || i + 1 >= candidates.length) throw error;
      }
    }
  };
}

/** Per purpose, the model ids tried after the routed one (model-table.ts fallbackIdsFor). */
export type Fallbacks = Partial<Record<ModelPurpose, readonly string[]>>;

const usageLog = (purpose: string, modelId: string, usage: Usage | undefined, ms: number, outcome: string, fallback: number) => ({
  purpose,
  modelId,
  ...(fallback > 0 && { fallback }),
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
  ...(usage?.cacheReadInputTokens && { cacheReadInputTokens: usage.cacheReadInputTokens }),
  ...(usage?.cacheWriteInputTokens && { cacheWriteInputTokens: usage.cacheWriteInputTokens }),
  costeEstimadoUSD: usage ? costUsd(modelId, usage.inputTokens, usage.outputTokens, cacheOf(usage)) : 0,
  ms,
  outcome,
});
