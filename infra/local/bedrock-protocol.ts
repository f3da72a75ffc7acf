import { EventStreamCodec } from '@smithy/eventstream-codec';

// The slice of the Bedrock Runtime wire protocol the local endpoint speaks: Converse request and
// response JSON, and ConverseStream's AWS event-stream frames.

export interface ToolUse {
  toolUseId: string;
  name: string;
  input: unknown;
}
export type Block = { text?: string; cachePoint?: { type: string }; toolUse?: ToolUse; toolResult?: { toolUseId: string; status?: string; content?: { text?: string }[] } };
export interface ConverseRequest {
  modelId: string;
  system?: { text?: string; cachePoint?: { type: string } }[];
  messages: { role: 'user' | 'assistant'; content: Block[] }[];
  toolConfig?: { tools: { toolSpec: { name: string; description?: string; inputSchema: { json: unknown } } }[]; toolChoice?: { tool?: { name: string } } };
  inferenceConfig?: { maxTokens?: number; temperature?: number };
}
export interface ConverseReply {
  content: Block[];
  /** inputTokens excludes what was read from or written to the prompt cache (bedrock-cache.ts), as Bedrock reports it. */
  usage: { inputTokens: number; outputTokens: number; cacheReadInputTokens?: number; cacheWriteInputTokens?: number };
  /** Set by the offline writer so the pipeline can label the course "Modo demostración". */
  demo?: boolean;
  /** Default: tool_use when a tool was called, else end_turn (faults set max_tokens). */
  stopReason?: string;
}
/** A Bedrock error as the SDK expects it: the exception name travels in x-amzn-errortype. */
export class BedrockFault extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
    message = type,
  ) {
    super(message);
  }
}

/** Rough token count (4 characters a token), so local runs still report usage. */
export const estimateTokens = (value: unknown) => Math.ceil(JSON.stringify(value ?? '').length / 4);

const stopReasonOf = (reply: ConverseReply) => reply.stopReason ?? (reply.content.some((b) => b.toolUse) ? 'tool_use' : 'end_turn');

const totalTokens = (u: ConverseReply['usage']) => u.inputTokens + u.outputTokens + (u.cacheReadInputTokens ?? 0) + (u.cacheWriteInputTokens ?? 0);

export const converseJson = (reply: ConverseReply) => ({
  output: { message: { role: 'assistant', content: reply.content } },
  stopReason: stopReasonOf(reply),
  usage: { ...reply.usage, totalTokens: totalTokens(reply.usage) },
  metrics: { latencyMs: 0 },
  ...(reply.demo && { additionalModelResponseFields: { mentoraOfflineWriter: true } }),
});

const fromUtf8 = (text: string) => new TextEncoder().encode(text);
const codec = new EventStreamCodec((bytes: Uint8Array) => new TextDecoder().decode(bytes), fromUtf8);
const frame = (eventType: string, body: unknown) =>
  codec.encode({
    headers: {
      ':event-type': { type: 'string', value: eventType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify(body)),
  });

/** One ConverseStream frame and the output tokens it carries (the endpoint paces frames by them; a share, not a whole number). */
export interface Frame {
  bytes: Uint8Array;
  tokens: number;
  /** A tool input delta's piece of JSON. */
  input?: string;
}

/** An exception event inside a stream already answered 200, as Bedrock sends one (`internalServerException`, `modelStreamErrorException`…). */
export const exceptionFrame = (type: string, message: string) =>
  codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'exception' },
    },
    body: fromUtf8(JSON.stringify({ message })),
  });
const pieces = (text: string) => text.match(/[\s\S]{1,40}/g) ?? [];

/**
 * The ConverseStream frames for a reply, text and tool input split in small deltas as a model streams them.
 * The reply's output tokens are shared among its deltas by their characters, so the stream is paced by
 * the tokens billed (issue 42): each piece counted on its own, its JSON-escaped quotes and its two
 * quote marks included, came to ≈ 16 % more tokens than the answer's own for an outline, and its
 * first module arrived that much later than the model table's pace allows.
 */
export function streamFrames(reply: ConverseReply): Frame[] {
  const frames: Frame[] = [];
  const written = reply.content.reduce((n, b) => n + (b.toolUse ? JSON.stringify(b.toolUse.input).length : (b.text ?? '').length), 0);
  const perChar = written ? reply.usage.outputTokens / written : 0;
  const push = (eventType: string, body: unknown, text = '', input?: string) => frames.push({ bytes: frame(eventType, body), tokens: text.length * perChar, ...(input !== undefined && { input }) });
  push('messageStart', { role: 'assistant' });
  reply.content.forEach((block, contentBlockIndex) => {
    if (block.toolUse) {
      const { toolUseId, name, input } = block.toolUse;
      push('contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId, name } } });
      // The input as a model writes it: pieces of one JSON text, none of them JSON on its own.
      for (const piece of pieces(JSON.stringify(input))) push('contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: piece } } }, piece, piece);
    } else {
      for (const piece of pieces(block.text ?? '')) push('contentBlockDelta', { contentBlockIndex, delta: { text: piece } }, piece);
    }
    push('contentBlockStop', { contentBlockIndex });
  });
  // As in Converse's answer, the offline writer's mark travels in the model's own response fields.
  push('messageStop', { stopReason: stopReasonOf(reply), ...(reply.demo && { additionalModelResponseFields: { mentoraOfflineWriter: true } }) });
  push('metadata', { usage: { ...reply.usage, totalTokens: totalTokens(reply.usage) }, metrics: { latencyMs: 0 } });
  return frames;
}
