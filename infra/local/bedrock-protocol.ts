import { EventStreamCodec } from '@smithy/eventstream-codec';

// The slice of the Bedrock Runtime wire protocol the local endpoint speaks: Converse request and
// response JSON, and ConverseStream's AWS event-stream frames.

export interface ToolUse {
  toolUseId: string;
  name: string;
  input: unknown;
}
export type Block = { text?: string; toolUse?: ToolUse; toolResult?: { toolUseId: string; status?: string; content?: { text?: string }[] } };
export interface ConverseRequest {
  modelId: string;
  system?: { text?: string }[];
  messages: { role: 'user' | 'assistant'; content: Block[] }[];
  toolConfig?: { tools: { toolSpec: { name: string; description?: string; inputSchema: { json: unknown } } }[]; toolChoice?: { tool?: { name: string } } };
  inferenceConfig?: { maxTokens?: number; temperature?: number };
}
export interface ConverseReply {
  content: Block[];
  usage: { inputTokens: number; outputTokens: number };
  /** Set by the offline writer so the pipeline can label the course "Modo demostración". */
  demo?: boolean;
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

export const converseJson = (reply: ConverseReply) => ({
  output: { message: { role: 'assistant', content: reply.content } },
  stopReason: reply.content.some((b) => b.toolUse) ? 'tool_use' : 'end_turn',
  usage: { ...reply.usage, totalTokens: reply.usage.inputTokens + reply.usage.outputTokens },
  metrics: { latencyMs: 0 },
  ...(reply.demo && { additionalModelResponseFields: { mentoraOfflineWriter: true } }),
});

const fromUtf8 = (text: string) => new TextEncoder().encode(text);
const codec = new EventStreamCodec((bytes) => new TextDecoder().decode(bytes), fromUtf8);
const frame = (eventType: string, body: unknown) =>
  codec.encode({
    headers: {
      ':event-type': { type: 'string', value: eventType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify(body)),
  });

/** The ConverseStream frames for a reply, text split in small deltas as a model would stream it. */
export function streamFrames(reply: ConverseReply): Uint8Array[] {
  const frames = [frame('messageStart', { role: 'assistant' })];
  reply.content.forEach((block, contentBlockIndex) => {
    if (block.toolUse) {
      const { toolUseId, name, input } = block.toolUse;
      frames.push(frame('contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId, name } } }));
      frames.push(frame('contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: JSON.stringify(input) } } }));
    } else {
      for (const piece of (block.text ?? '').match(/[\s\S]{1,40}/g) ?? []) {
        frames.push(frame('contentBlockDelta', { contentBlockIndex, delta: { text: piece } }));
      }
    }
    frames.push(frame('contentBlockStop', { contentBlockIndex }));
  });
  frames.push(frame('messageStop', { stopReason: reply.content.some((b) => b.toolUse) ? 'tool_use' : 'end_turn' }));
  frames.push(frame('metadata', { usage: { ...reply.usage, totalTokens: reply.usage.inputTokens + reply.usage.outputTokens }, metrics: { latencyMs: 0 } }));
  return frames;
}
