import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { CACHED_DATA_HEADER } from '../../../lambdas/shared/ai/prompt-blocks';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { parseVerdictLines, verdictLine } from '../../../lambdas/shared/ai/verdict-lines';
import { courseCostUsd } from '../../../lambdas/course-model/course-cost';
import { costUsd } from '../../../lambdas/shared/ai/model-table';

// Issue 33 item 6: the blind verifier answers in plain text (one line per question) so a model with
// no forced tool on Bedrock can serve, and the evaluation's shared lessons sit behind a prompt cache
// point where the model has caching, its cached tokens billed as Bedrock bills them.

const GPT_OSS = 'openai.gpt-oss-120b-1:0';
const NOVA = 'us.amazon.nova-lite-v1:0';
function fakeClient(...answers: object[]) {
  const sent: any[] = [];
  const client = {
    send: (command: { input: any }) => {
      sent.push(structuredClone(command.input));
      return Promise.resolve(answers[Math.min(sent.length, answers.length) - 1]);
    },
  } as unknown as BedrockRuntimeClient;
  return { client, sent };
}
const said = (text: string, usage: object = { inputTokens: 100, outputTokens: 20 }) => ({
  // A reasoning model's reasoning comes first: never read as the answer.
  output: { message: { role: 'assistant', content: [{ reasoningContent: { reasoningText: { text: '0 | D | D | no | sí | razonando' } } }, { text }] } },
  stopReason: 'end_turn',
  usage,
});
const question = { indice: 0, enunciado: '¿Qué mide la exposición?', fuente: 'La exposición mide la luz.', opciones: ['A', 'B', 'C', 'D'].map((opcion) => ({ opcion, texto: `Opción ${opcion}` })) };
const routes = (verifier: string) => ({ fast: NOVA, strong: NOVA, verifier });

describe('the verifier\'s text format', () => {
  it('reads its lines back into the verdicts, tolerant of spacing, case and a preamble, and skips what is not a verdict', () => {
    const text = 'Aquí van:\n0 | B | B | no | sí | Solo B sostiene la lección.\n**1|a|A, c|SI|no|Dos defendibles.**\n2 | C | - | no | no | Ninguna es defendible.\nfin';
    expect(parseVerdictLines(text)?.veredictos).toEqual([
      { indice: 0, respuesta: 'B', opcionesDefendibles: ['B'], enunciadoDelata: false, valida: true, motivo: 'Solo B sostiene la lección.' },
      { indice: 1, respuesta: 'A', opcionesDefendibles: ['A', 'C'], enunciadoDelata: true, valida: false, motivo: 'Dos defendibles.' },
      { indice: 2, respuesta: 'C', opcionesDefendibles: [], enunciadoDelata: false, valida: false, motivo: 'Ninguna es defendible.' },
    ]);
    const v = { indice: 3, respuesta: 'D' as const, opcionesDefendibles: ['D' as const], enunciadoDelata: false, valida: true, motivo: 'Bien.' };
    expect(parseVerdictLines(verdictLine(v))?.veredictos).toEqual([v]);
    expect(parseVerdictLines('No puedo responder.')).toBeUndefined();
  });

  it('is asked with no tool, gpt-oss\'s reasoning effort sent, and the text line (not the reasoning) is the answer', async () => {
    const { client, sent } = fakeClient(said('0 | B | B | no | sí | Solo B.'));
    const result = await bedrockStructuredModel(client, routes(GPT_OSS))(prompts.verifier, { preguntas: [question] });
    expect(result.value.veredictos).toEqual([expect.objectContaining({ indice: 0, respuesta: 'B', valida: true })]);
    expect(sent[0].toolConfig).toBeUndefined();
    expect(sent[0].additionalModelRequestFields).toEqual({ reasoning_effort: 'low' });
    expect(sent[0].messages[0].content.some((b: { cachePoint?: unknown }) => b.cachePoint)).toBe(false);
  });

  it('gets one repair turn for an answer with no verdict line, replaying only its text', async () => {
    const { client, sent } = fakeClient(said('Lo siento, no sé.'), said('0 | A | A | no | sí | A.'));
    const result = await bedrockStructuredModel(client, routes(GPT_OSS))(prompts.verifier, { preguntas: [question] });
    expect(result.value.veredictos[0].respuesta).toBe('A');
    expect(sent).toHaveLength(2);
    expect(sent[1].messages[1]).toEqual({ role: 'assistant', content: [{ text: 'Lo siento, no sé.' }] });
    expect(sent[1].messages[2].content[0].text).toMatch(/no sigue el formato/);
    expect(result.usage).toEqual({ inputTokens: 200, outputTokens: 40 });
  });
});

describe('prompt caching of the module\'s lessons', () => {
  const data = { curso: { topic: 'Fotografía', level: 'principiante', titulo: 'Foto' }, modulo: { titulo: 'M1', descripcion: 'Luz' }, lecciones: [{ lessonId: 'l01', titulo: 'Luz', contenido: 'La exposición mide la luz. '.repeat(40) }], preguntas: 8, lote: 1, lotes: 3 };
  const tool = (usage: object) => ({ output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'registrar_evaluacion', input: {} } }] } }, stopReason: 'tool_use', usage });

  it('sends the shared data first, identical across batches, then a cache point on Nova, then the batch\'s own task', async () => {
    const { client, sent } = fakeClient(tool({ inputTokens: 10, outputTokens: 1 }));
    const model = bedrockStructuredModel(client, routes(GPT_OSS));
    await model(prompts.evaluation, data).catch(() => undefined);
    await model(prompts.evaluation, { ...data, lote: 2 }).catch(() => undefined);
    const [a, b] = [sent[0].messages[0].content, sent[2].messages[0].content];
    expect(a[0].text.startsWith(CACHED_DATA_HEADER)).toBe(true);
    expect(a[0]).toEqual(b[0]);
    expect(a[1]).toEqual({ cachePoint: { type: 'default' } });
    expect(a[2].text).toMatch(/Es el lote 1 de 3/);
    expect(a[2].text).not.toMatch(/La exposición mide la luz/);
    expect(b[2].text).toMatch(/Es el lote 2 de 3/);
  });

  it('sends no cache point to a model without prompt caching on Bedrock', async () => {
    const { client, sent } = fakeClient(tool({ inputTokens: 10, outputTokens: 1 }));
    await bedrockStructuredModel(client, { fast: GPT_OSS, strong: GPT_OSS })(prompts.evaluation, data).catch(() => undefined);
    expect(sent[0].messages[0].content.map((b: object) => Object.keys(b)[0])).toEqual(['text', 'text']);
  });

  it('counts cached input as input, says which part was cached, and the course is billed at the cache price', async () => {
    const { client } = fakeClient(said('0 | B | B | no | sí | Solo B.', { inputTokens: 100, outputTokens: 20, cacheReadInputTokens: 4000, cacheWriteInputTokens: 0 }));
    const result = await bedrockStructuredModel(client, routes(NOVA))(prompts.verifier, { preguntas: [question] });
    expect(result.usage).toEqual({ inputTokens: 4100, outputTokens: 20, cacheReadInputTokens: 4000 });
    const item = { 'tokensEntrada:us.amazon.nova-lite-v1:0': 4100, 'tokensSalida:us.amazon.nova-lite-v1:0': 20, 'tokensCacheLeidos:us.amazon.nova-lite-v1:0': 4000 };
    expect(courseCostUsd(item)).toBeCloseTo(costUsd(NOVA, 100, 20) + costUsd(NOVA, 4000, 0) / 4, 6);
  });
});
