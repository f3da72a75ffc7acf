import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { spanishLesson } from '../../support/lesson-fixture';

const validLesson = spanishLesson();
const toolAnswer = (input: unknown) => ({
  output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'registrar_leccion', input } }] } },
  usage: { inputTokens: 100, outputTokens: 50 },
});
function fakeClient(...answers: (object | Error)[]) {
  const sent: any[] = [];
  const client = {
    send: async (command: { input: unknown }) => {
      sent.push(command.input);
      const a = answers[sent.length - 1];
      if (a instanceof Error) throw a;
      return a;
    },
  } as unknown as BedrockRuntimeClient;
  return { client, sent };
}
const ids = { fast: 'rapido', strong: 'potente' };
const throttled = Object.assign(new Error('Too many requests'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 429 } });

describe('structured model calls', () => {
  it('force the tool whose schema is the expected answer, on the model for the purpose', async () => {
    const { client, sent } = fakeClient(toolAnswer(validLesson));
    const result = await bedrockStructuredModel(client, ids)(prompts.lesson, { leccion: { titulo: 'Variables' } });
    expect(result.value).toEqual(validLesson);
    expect(result.modelId).toBe('potente');
    expect(sent[0].toolConfig.toolChoice).toEqual({ tool: { name: 'registrar_leccion' } });
    expect(sent[0].toolConfig.tools[0].toolSpec.inputSchema.json.required).toContain('ejercicio');
    expect(sent[0].messages[0].content[0].text).toContain('"titulo":"Variables"');
  });

  it('use the fast model for outlines', async () => {
    const { client, sent } = fakeClient(new Error('stop'));
    await bedrockStructuredModel(client, ids)(prompts.outline, {}).catch(() => undefined);
    expect(sent[0].modelId).toBe('rapido');
  });

  it('repair an invalid answer once, sending the validation errors back as the tool result', async () => {
    const { client, sent } = fakeClient(toolAnswer({ ...validLesson, resumen: ['corto'] }), toolAnswer(validLesson));
    const result = await bedrockStructuredModel(client, ids)(prompts.lesson, {});
    expect(result.value).toEqual(validLesson);
    expect(result.usage).toEqual({ inputTokens: 200, outputTokens: 100 });
    const repair = sent[1].messages;
    expect(repair).toHaveLength(3);
    expect(repair[2].content[0].toolResult).toMatchObject({ toolUseId: 't1', status: 'error' });
    expect(repair[2].content[0].toolResult.content[0].text).toMatch(/resumen/);
  });

  it('fail clearly when the repaired answer is still invalid', async () => {
    const { client, sent } = fakeClient(toolAnswer({ nada: 1 }), toolAnswer({ nada: 2 }));
    await expect(bedrockStructuredModel(client, ids)(prompts.lesson, {})).rejects.toMatchObject({ name: 'InvalidModelOutput' });
    expect(sent).toHaveLength(2);
  });

  it('ask again for the tool when the model answers in plain text', async () => {
    const text = { output: { message: { role: 'assistant', content: [{ text: 'Aquí tienes' }] } }, usage: { inputTokens: 1, outputTokens: 1 } };
    const { client, sent } = fakeClient(text, toolAnswer(validLesson));
    await bedrockStructuredModel(client, ids)(prompts.lesson, {});
    expect(sent[1].messages[2].content[0].text).toMatch(/registrar_leccion/);
  });

  it('name throttling that outlasts its retry budget so the state machine retries it', async () => {
    const { client } = fakeClient(throttled);
    await expect(bedrockStructuredModel(client, ids, { throttleBudgetMs: 0 })(prompts.lesson, {})).rejects.toMatchObject({ name: 'ModelThrottled' });
  });

  it('mark answers from the offline writer as demonstration content', async () => {
    const { client } = fakeClient({ ...toolAnswer(validLesson), additionalModelResponseFields: { mentoraOfflineWriter: true } });
    expect((await bedrockStructuredModel(client, ids)(prompts.lesson, {})).demo).toBe(true);
  });
});
