import { ConverseCommand, type BedrockRuntimeClient, type ContentBlock, type Message } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { ModelError, classifyModelError } from './model-errors';
import { modelFor, type ModelIds } from './models';
import { renderPrompt, type PromptSpec } from './prompts';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
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
}

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
 * Bedrock Converse with one forced tool whose input schema is the zod schema of the answer.
 * The answer is validated; an invalid one gets exactly one repair turn (the validation errors sent
 * back as the tool's result), and a second invalid answer fails with InvalidModelOutput.
 */
export function bedrockStructuredModel(client: BedrockRuntimeClient, ids: ModelIds): StructuredModel {
  return async (spec, data, options) => {
    const modelId = modelFor(ids, spec.purpose);
    const inputSchema = z.toJSONSchema(spec.schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
    delete inputSchema.$schema;
    const toolConfig = {
      tools: [{ toolSpec: { name: spec.tool, description: spec.toolDescription, inputSchema: { json: inputSchema as never } } }],
      toolChoice: { tool: { name: spec.tool } },
    };
    const messages: Message[] = [{ role: 'user', content: [{ text: renderPrompt(spec, data) }] }];
    const usage: Usage = { inputTokens: 0, outputTokens: 0 };
    let demo = false;

    for (let turn = 0; turn < 2; turn++) {
      const out = await client
        .send(
          new ConverseCommand({
            modelId,
            system: [{ text: spec.system }],
            messages,
            toolConfig,
            inferenceConfig: { maxTokens: spec.maxTokens, temperature: 0.4 },
          }),
        )
        .catch((error) => {
          throw classifyModelError(error);
        });
      usage.inputTokens += out.usage?.inputTokens ?? 0;
      usage.outputTokens += out.usage?.outputTokens ?? 0;
      demo ||= Boolean((out.additionalModelResponseFields as Record<string, unknown> | undefined)?.mentoraOfflineWriter);
      const message = out.output?.message;
      const toolUse = toolUseOf(message);
      const parsed = toolUse ? spec.schema.safeParse(toolUse.input) : undefined;
      const problems = parsed?.success ? (options?.check?.(parsed.data) ?? []) : [];
      if (parsed?.success && !problems.length) return { value: parsed.data, usage, modelId, promptVersion: spec.version, demo };
      if (turn === 1) break;
      // The repair turn: show the model its own answer and exactly what was wrong with it.
      const feedback = problems.length
        ? `La respuesta no supera las comprobaciones:\n${problems.map((p) => `- ${p}`).join('\n')}`
        : parsed && !parsed.success
          ? `La respuesta no cumple el esquema:\n${describeIssues(parsed.error)}`
          : `Debes responder llamando a la herramienta ${spec.tool}.`;
      messages.push({ role: 'assistant', content: message?.content?.length ? message.content : [{ text: '(sin respuesta)' }] });
      const reply: ContentBlock[] = toolUse?.toolUseId
        ? [{ toolResult: { toolUseId: toolUse.toolUseId, status: 'error', content: [{ text: `${feedback}\nCorrige y vuelve a llamar a ${spec.tool}.` }] } }]
        : [{ text: feedback }];
      messages.push({ role: 'user', content: reply });
    }
    throw new ModelError('InvalidModelOutput', `${spec.tool}: el modelo no devolvió una respuesta válida tras una reparación`);
  };
}
