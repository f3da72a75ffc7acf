import { DATA_MARKER } from '../../lambdas/shared/ai/prompts';
import { unfenceData } from '../../lambdas/shared/ai/prompts/fence';
import { inputTokensOf } from './bedrock-limits';
import { BedrockFault, estimateTokens, type Block, type ConverseReply, type ConverseRequest } from './bedrock-protocol';
import { offlineText, offlineToolInput, offlineVerdictText } from './offline-writer';
import { VERDICT_FORMAT_HEADER } from '../../lambdas/shared/ai/verdict-lines';

// What answers the local Converse endpoint: the offline writer, or a real model behind an
// OpenAI-compatible URL (Ollama, llama.cpp, vLLM) when MENTORA_LLM_URL is set.

export type Writer = (req: ConverseRequest) => Promise<ConverseReply>;

/** The user message that opens the request: the one whose text carries the fenced data (structured calls). */
const openingMessage = (req: ConverseRequest) => {
  const users = req.messages.filter((m) => m.role === 'user');
  return users.find((m) => m.content.some((b) => b.text?.includes(DATA_MARKER))) ?? users.at(-1);
};
const lastUserText = (req: ConverseRequest) =>
  openingMessage(req)?.content.find((b) => b.text?.includes(DATA_MARKER))?.text ?? openingMessage(req)?.content.find((b) => b.text)?.text ?? '';
const dataOf = (text: string): Record<string, unknown> => {
  // The fenced block, not the marker: the learner's text inside may well quote the marker.
  const json = unfenceData(text);
  if (json === undefined) return {};
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
};
/** Every fenced block of the opening message as one object: a prompt's cached data comes in a block of its own (prompt-blocks.ts). */
const requestData = (req: ConverseRequest) => Object.assign({}, ...(openingMessage(req)?.content ?? []).map((b) => (b.text ? dataOf(b.text) : {}))) as Record<string, unknown>;

let counter = 0;
export const offlineWriter: Writer = (req) => {
  const text = lastUserText(req);
  const tool = req.toolConfig?.toolChoice?.tool?.name ?? (req.toolConfig?.tools.length === 1 ? req.toolConfig.tools[0].toolSpec.name : undefined);
  // The blind verifier asks for its verdicts as text lines (verdict-lines.ts): answered in that format, parsed by the real code.
  const content: Block[] = tool
    ? [{ toolUse: { toolUseId: `offline-${++counter}`, name: tool, input: offlineToolInput(tool, requestData(req)) } }]
    : [{ text: text.includes(VERDICT_FORMAT_HEADER) ? offlineVerdictText(requestData(req)) : offlineText(text) }];
  return Promise.resolve({ content, usage: { inputTokens: inputTokensOf(req), outputTokens: estimateTokens(content) }, demo: true });
};

type OpenAiMessage = { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string };

function toOpenAi(req: ConverseRequest): OpenAiMessage[] {
  const out: OpenAiMessage[] = (req.system ?? []).map((s) => ({ role: 'system', content: s.text ?? '' }));
  for (const m of req.messages) {
    const text = m.content.filter((b) => b.text).map((b) => b.text).join('\n');
    const calls = m.content.filter((b) => b.toolUse).map((b) => ({ id: b.toolUse!.toolUseId, type: 'function', function: { name: b.toolUse!.name, arguments: JSON.stringify(b.toolUse!.input) } }));
    if (m.role === 'assistant') out.push({ role: 'assistant', content: text || null, ...(calls.length && { tool_calls: calls }) });
    for (const b of m.content.filter((x) => x.toolResult)) {
      out.push({ role: 'tool', tool_call_id: b.toolResult!.toolUseId, content: (b.toolResult!.content ?? []).map((c) => c.text).join('\n') });
    }
    if (m.role === 'user' && text) out.push({ role: 'user', content: text });
  }
  return out;
}

/** Forwards Converse to `${baseUrl}/chat/completions`, e.g. Ollama at http://127.0.0.1:11434/v1. */
export function openAiWriter(baseUrl: string, model: string, apiKey?: string): Writer {
  return async (req) => {
    const tools = req.toolConfig?.tools.map((t) => ({ type: 'function', function: { name: t.toolSpec.name, description: t.toolSpec.description, parameters: t.toolSpec.inputSchema.json } }));
    const forced = req.toolConfig?.toolChoice?.tool?.name;
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey && { authorization: `Bearer ${apiKey}` }) },
      body: JSON.stringify({
        model,
        messages: toOpenAi(req),
        ...(tools && { tools }),
        ...(forced && { tool_choice: { type: 'function', function: { name: forced } } }),
        max_tokens: req.inferenceConfig?.maxTokens,
        temperature: req.inferenceConfig?.temperature,
      }),
    }).catch((error) => {
      throw new BedrockFault('ServiceUnavailableException', 503, `Model server unreachable: ${(error as Error).message}`);
    });
    if (res.status === 429) throw new BedrockFault('ThrottlingException', 429, await res.text());
    if (res.status >= 500) throw new BedrockFault('ServiceUnavailableException', 503, await res.text());
    if (!res.ok) throw new BedrockFault('ValidationException', 400, await res.text());
    const body = (await res.json()) as { choices: { message: { content?: string; tool_calls?: { id?: string; function: { name: string; arguments: string } }[] } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };
    const message = body.choices[0]?.message ?? {};
    const content: Block[] = [];
    for (const call of message.tool_calls ?? []) {
      let input: unknown;
      try {
        input = JSON.parse(call.function.arguments);
      } catch {
        input = call.function.arguments;
      }
      content.push({ toolUse: { toolUseId: call.id ?? `call-${++counter}`, name: call.function.name, input } });
    }
    if (!content.length && forced && message.content) {
      // Small local models sometimes answer the tool call as plain JSON text.
      try {
        content.push({ toolUse: { toolUseId: `call-${++counter}`, name: forced, input: JSON.parse(message.content.replace(/^```(json)?|```$/g, '')) } });
      } catch {
        content.push({ text: message.content });
      }
    } else if (!content.length) content.push({ text: message.content ?? '' });
    return { content, usage: { inputTokens: body.usage?.prompt_tokens ?? inputTokensOf(req), outputTokens: body.usage?.completion_tokens ?? estimateTokens(content) } };
  };
}
