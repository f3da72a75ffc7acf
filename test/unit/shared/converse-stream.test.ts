import { bedrockStreamingModel, converseStreamTransport, type ConverseStreamTransport } from '../../../lambdas/shared/ai/converse-stream';
import { jsonFieldStream } from '../../../lambdas/shared/ai/json-field-stream';
import { prompts } from '../../../lambdas/shared/ai/prompts';

// ConverseStream over the SDK: its events handed on by type, an exception event named as the SDK
// names it, the tool input's text field read before the JSON closes, and the streamed port's stop,
// throttle and validation rules.

/** A client whose ConverseStream answers the given events (the SDK's union shape, one key each). */
const sdkOf = (events: object[]) => ({
  send: async () => ({ stream: (async function* () { yield* events; })() }),
}) as never;

test('hands each SDK event on by its type, and throws an exception event under the SDK\'s error name', async () => {
  const seen: string[] = [];
  const transport = converseStreamTransport(sdkOf([{ messageStart: { role: 'assistant' } }, { contentBlockDelta: { delta: { toolUse: { input: '{' } } } }, { throttlingException: { message: 'Too many' } }]));
  await expect(transport('m', { messages: [] }, new AbortController().signal, (type) => seen.push(type))).rejects.toMatchObject({ name: 'ThrottlingException', message: 'Too many' });
  expect(seen).toEqual(['messageStart', 'contentBlockDelta']);
});

test('reads a string field of JSON that is still arriving, escapes included', () => {
  const json = JSON.stringify({ respuesta: 'Hola "Ana"\nñ \u00e9 ¿sí?', tipo: 'explicacion' });
  const read = jsonFieldStream('respuesta');
  const text = [...json].map((c) => read(c)).join('');
  expect(text).toBe('Hola "Ana"\nñ é ¿sí?');
});

const answer = { respuesta: 'Una frase. Otra frase.', tipo: 'explicacion', sugerencias: [] };
const transportOf = (input: string, extra: (onEvent: Parameters<ConverseStreamTransport>[3]) => void = () => undefined): ConverseStreamTransport =>
  async (_m, _b, signal, onEvent) => {
    for (const piece of input.match(/[\s\S]{1,5}/g) ?? []) {
      if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      onEvent('contentBlockDelta', { delta: { toolUse: { input: piece } } });
    }
    extra(onEvent);
    onEvent('messageStop', { stopReason: 'tool_use' });
    onEvent('metadata', { usage: { inputTokens: 100, outputTokens: 20 } });
  };

test('hands the text on in pieces and validates the whole tool input at the end', async () => {
  const pieces: string[] = [];
  const model = bedrockStreamingModel(transportOf(JSON.stringify(answer)), { fast: 'f', strong: 's' });
  const out = await model(prompts.tutor, {}, { field: 'respuesta', onText: (t) => pieces.push(t) });
  expect(pieces.length).toBeGreaterThan(2);
  expect(pieces.join('')).toBe(answer.respuesta);
  expect(out).toMatchObject({ value: answer, stopped: false, usage: { inputTokens: 100, outputTokens: 20 } });
});

test('stops the model when the caller aborts, with no value', async () => {
  const stop = new AbortController();
  const pieces: string[] = [];
  const model = bedrockStreamingModel(transportOf(JSON.stringify(answer)), { fast: 'f', strong: 's' });
  const out = await model(prompts.tutor, {}, { field: 'respuesta', signal: stop.signal, onText: (t) => (pieces.push(t), pieces.length === 2 && stop.abort()) });
  expect(out.stopped).toBe(true);
  expect(out.value).toBeUndefined();
  expect(pieces).toHaveLength(2);
});

test('retries a throttle before any text, never after', async () => {
  let calls = 0;
  const throttled = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
  const flaky: ConverseStreamTransport = async (...args) => {
    if (++calls === 1) throw throttled;
    return transportOf(JSON.stringify(answer))(...args);
  };
  const fast = { sleep: async () => undefined };
  const out = await bedrockStreamingModel(flaky, { fast: 'f', strong: 's' }, fast)(prompts.tutor, {}, { field: 'respuesta', onText: () => undefined });
  expect(calls).toBe(2);
  expect(out.value).toEqual(answer);
  const late: ConverseStreamTransport = async (m, b, s, onEvent) => {
    onEvent('contentBlockDelta', { delta: { toolUse: { input: '{"respuesta":"Hola. ' } } });
    throw throttled;
  };
  await expect(bedrockStreamingModel(late, { fast: 'f', strong: 's' }, fast)(prompts.tutor, {}, { field: 'respuesta', onText: () => undefined })).rejects.toMatchObject({ name: 'ModelUnavailable' });
});

test('hands an answer to the purpose\'s fallback model when the routed one is unavailable before the first character, never after', async () => {
  const unavailable = () => Object.assign(new Error('Bedrock is unable to process your request.'), { name: 'ServiceUnavailableException', $metadata: { httpStatusCode: 503 } });
  const tried: string[] = [];
  const transport: ConverseStreamTransport = async (modelId, request, signal, onEvent) => {
    tried.push(modelId);
    if (modelId === 'f') throw unavailable();
    return transportOf(JSON.stringify(answer))(modelId, request, signal, onEvent);
  };
  const out = await bedrockStreamingModel(transport, { fast: 'f', strong: 's' }, {}, { tutor: ['respaldo'] })(prompts.tutor, {}, { field: 'respuesta', onText: () => undefined });
  expect(out).toMatchObject({ value: answer, modelId: 'respaldo' });
  expect(tried).toEqual(['f', 'respaldo']);

  // Text already shown: another model would start the answer over, so the failure stands.
  tried.length = 0;
  const midway: ConverseStreamTransport = async (modelId, _r, _s, onEvent) => {
    tried.push(modelId);
    onEvent('contentBlockDelta', { delta: { toolUse: { input: '{"respuesta":"Hola' } } });
    throw unavailable();
  };
  await expect(bedrockStreamingModel(midway, { fast: 'f', strong: 's' }, {}, { tutor: ['respaldo'] })(prompts.tutor, {}, { field: 'respuesta', onText: () => undefined })).rejects.toMatchObject({ name: 'ModelUnavailable' });
  expect(tried).toEqual(['f']);
});
