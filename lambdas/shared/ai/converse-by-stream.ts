import type { ContentBlock, ConverseCommandInput, ConverseCommandOutput, ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import type { BedrockSender } from './bedrock-sender';

// A Converse request sent as ConverseStream (issue 42): the same request, the same answer, but the
// tool input arrives as JSON fragments while the model writes it, so a caller can show what is
// already complete (the outline's modules, pipeline/outline-stream.ts) long before the answer ends.
// The events are gathered into Converse's own output shape, so structured-output.ts validates,
// repairs and falls back exactly as for Converse: streaming changes when the caller sees the text,
// never what is accepted.

/** Told every fragment of tool input as it arrives; one sink per request (a repair turn starts a new one). */
export type ToolInputSink = (fragment: string) => void;

/** `throttlingException` → `ThrottlingException`: the name the SDK gives the same error outside a stream. */
const exceptionName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

interface Block { text?: string; toolUse?: { toolUseId?: string; name?: string; input: string } }

/**
 * The streamed tool input as Converse gives it: the parsed JSON object. Input that is not one (cut,
 * malformed) becomes `{}`, which the schema refuses (the repair turn), and which can be sent back to
 * the model in that turn, as Bedrock requires a toolUse block's input to be an object.
 */
const parsedInput = (raw: string): unknown => {
  try {
    const value = JSON.parse(raw || '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

/**
 * Sends `input` as ConverseStream through `client` (the budgeted sender: the reservation is taken as
 * for Converse) and answers what Converse would have answered. An exception event in the stream (a
 * throttle or a model error after the 200) is thrown under the SDK's own error name, so
 * classifyModelError and the fallbacks see one vocabulary.
 */
export async function converseByStream(client: BedrockSender, input: ConverseCommandInput, signal: AbortSignal, sink: ToolInputSink): Promise<ConverseCommandOutput> {
  const { ConverseStreamCommand } = await import('./bedrock-sdk');
  const out = await client.send(new ConverseStreamCommand(input), { abortSignal: signal });
  const blocks: Block[] = [];
  const answer: Partial<ConverseCommandOutput> = {};
  const blockAt = (i = 0) => (blocks[i] ??= {});
  for await (const event of (out.stream ?? []) as AsyncIterable<ConverseStreamOutput>) {
    for (const [type, payload] of Object.entries(event) as [string, unknown][]) {
      if (payload === undefined || type === '$unknown') continue;
      if (type.endsWith('Exception')) throw Object.assign(new Error((payload as { message?: string }).message ?? type), { name: exceptionName(type) });
      if (type === 'contentBlockStart') {
        const { contentBlockIndex, start } = payload as NonNullable<ConverseStreamOutput['contentBlockStart']>;
        if (start?.toolUse) blockAt(contentBlockIndex).toolUse = { toolUseId: start.toolUse.toolUseId, name: start.toolUse.name, input: '' };
      } else if (type === 'contentBlockDelta') {
        const { contentBlockIndex, delta } = payload as NonNullable<ConverseStreamOutput['contentBlockDelta']>;
        const block = blockAt(contentBlockIndex);
        if (delta?.toolUse?.input !== undefined) {
          block.toolUse ??= { input: '' };
          block.toolUse.input += delta.toolUse.input;
          sink(delta.toolUse.input);
        } else if (delta?.text !== undefined) block.text = (block.text ?? '') + delta.text;
      } else if (type === 'messageStop') {
        const stop = payload as NonNullable<ConverseStreamOutput['messageStop']>;
        answer.stopReason = stop.stopReason;
        if (stop.additionalModelResponseFields !== undefined) answer.additionalModelResponseFields = stop.additionalModelResponseFields;
      } else if (type === 'metadata') {
        const { usage, metrics } = payload as NonNullable<ConverseStreamOutput['metadata']>;
        if (usage) answer.usage = usage;
        if (metrics) answer.metrics = metrics;
      }
    }
    if (signal.aborted) throw Object.assign(new Error('The stream was aborted'), { name: 'AbortError' });
  }
  const content: ContentBlock[] = blocks
    .filter((b) => b.text !== undefined || b.toolUse)
    .map((b) => (b.toolUse ? { toolUse: { toolUseId: b.toolUse.toolUseId, name: b.toolUse.name, input: parsedInput(b.toolUse.input) as never } } : { text: b.text ?? '' }));
  return { ...answer, output: { message: { role: 'assistant', content } }, $metadata: out.$metadata } as ConverseCommandOutput;
}
