import { EventStreamCodec } from '@smithy/eventstream-codec';
import { bedrockStreamingModel, type ConverseStreamTransport } from '../../../lambdas/shared/ai/converse-stream';
import { eventStreamDecoder } from '../../../lambdas/shared/ai/event-stream';
import { jsonFieldStream } from '../../../lambdas/shared/ai/json-field-stream';
import { prompts } from '../../../lambdas/shared/ai/prompts';

// ConverseStream without the SDK: frames decoded as they arrive, the tool input's text field read
// before the JSON closes, and the streamed port's stop, throttle and validation rules.

const enc = new TextEncoder();
const codec = new EventStreamCodec((b) => new TextDecoder().decode(b), (s) => enc.encode(s));
const frame = (type: string, body: unknown) =>
  codec.encode({ headers: { ':event-type': { type: 'string', value: type }, ':message-type': { type: 'string', value: 'event' } }, body: enc.encode(JSON.stringify(body)) });

test('decodes event-stream frames split at any byte', () => {
  const bytes = Buffer.concat([frame('messageStart', { role: 'assistant' }), frame('messageStop', { stopReason: 'tool_use' })]);
  const decode = eventStreamDecoder();
  const frames = [...bytes].flatMap((b) => decode(Uint8Array.of(b)));
  expect(frames.map((f) => f.headers[':event-type'])).toEqual(['messageStart', 'messageStop']);
  expect(JSON.parse(new TextDecoder().decode(frames[1].body))).toEqual({ stopReason: 'tool_use' });
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
