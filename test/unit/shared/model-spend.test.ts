import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { bedrockStreamingModel, type ConverseStreamTransport } from '../../../lambdas/shared/ai/converse-stream';
import { meteredModel } from '../../../lambdas/shared/ai/metered-model';
import type { RetryPolicy } from '../../../lambdas/shared/ai/model-retry';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { bedrockStructuredModel, type Spent } from '../../../lambdas/shared/ai/structured-output';

// Every model call tells its meter what it cost when it ends: repairs and cut answers inside the
// call, failed calls, and each model of a fallback, so what a course, a lesson, a tutor message or
// a suggestion cost is the sum of everything Bedrock billed for it.

const lesson = { contenido: 'x' };
const answer = (input: unknown, usage = { inputTokens: 100, outputTokens: 50 }, stopReason = 'tool_use') => ({
  output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'registrar_leccion', input } }] } },
  stopReason,
  usage,
});
const permissive = { ...prompts.lesson, schema: z.object({ contenido: z.string() }) };
const named = (name: string) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: name === 'ThrottlingException' ? 429 : 503 } });
const policy = (): RetryPolicy => {
  let t = 0;
  return { throttleBudgetMs: 1_000, baseDelayMs: 500, maxDelayMs: 500, marginMs: 0, random: () => 1, now: () => t, sleep: async (ms) => void (t += ms) };
};
function fakeClient(...answers: (object | Error)[]) {
  let n = 0;
  const client = { send: () => { const a = answers[Math.min(++n, answers.length) - 1]; return a instanceof Error ? Promise.reject(a) : Promise.resolve(a); } } as unknown as BedrockRuntimeClient;
  return client;
}
const ids = { fast: 'amazon.nova-lite-v1:0', strong: 'amazon.nova-lite-v1:0' };
const spentBy = () => {
  const spent: Spent[] = [];
  return { spent, meter: async (s: Spent) => void spent.push(s) };
};

describe('the spend of a model call', () => {
  it('is told once per call, with the tokens of its repair turn', async () => {
    const { spent, meter } = spentBy();
    const model = bedrockStructuredModel(fakeClient(answer({ wrong: 1 }), answer(lesson, { inputTokens: 300, outputTokens: 40 })), ids, policy());
    await model(permissive, {}, { meter });
    expect(spent).toEqual([{ purpose: 'lesson', modelId: 'amazon.nova-lite-v1:0', usage: { inputTokens: 400, outputTokens: 90 }, promptVersion: prompts.lesson.version, ok: true, demo: false }]);
  });

  it('is told for a call that fails after a repair: its tokens were billed', async () => {
    const { spent, meter } = spentBy();
    const model = bedrockStructuredModel(fakeClient(answer({ wrong: 1 }), answer({ wrong: 2 })), ids, policy());
    await expect(model(permissive, {}, { meter })).rejects.toMatchObject({ name: 'InvalidModelOutput' });
    expect(spent).toEqual([expect.objectContaining({ usage: { inputTokens: 200, outputTokens: 100 }, ok: false })]);
  });

  it('keeps the tokens of an answered turn when the next turn is throttled past its budget', async () => {
    const { spent, meter } = spentBy();
    const model = bedrockStructuredModel(fakeClient(answer({ wrong: 1 }), named('ThrottlingException')), ids, policy());
    await expect(model(permissive, {}, { meter })).rejects.toMatchObject({ name: 'ModelThrottled' });
    expect(spent).toEqual([expect.objectContaining({ usage: { inputTokens: 100, outputTokens: 50 }, ok: false })]);
  });

  it('is told per model when a fallback answers, each under the model that spent it', async () => {
    const { spent, meter } = spentBy();
    const model = bedrockStructuredModel(fakeClient(answer({ wrong: 1 }), named('ServiceUnavailableException'), answer(lesson)), ids, policy(), { lesson: ['amazon.nova-pro-v1:0'] });
    await model(permissive, {}, { meter });
    expect(spent.map((s) => [s.modelId, s.ok, s.usage.inputTokens])).toEqual([['amazon.nova-lite-v1:0', false, 100], ['amazon.nova-pro-v1:0', true, 100]]);
  });

  it('is not told for a call that spent nothing (throttled from the first request)', async () => {
    const { spent, meter } = spentBy();
    const model = bedrockStructuredModel(fakeClient(named('ThrottlingException')), ids, policy());
    await expect(model(permissive, {}, { meter })).rejects.toMatchObject({ name: 'ModelThrottled' });
    expect(spent).toEqual([]);
  });

  it('reaches every meter of a metered model, the caller\'s own first', async () => {
    const order: string[] = [];
    const base = bedrockStructuredModel(fakeClient(answer(lesson)), ids, policy());
    const model = meteredModel(base, async () => void order.push('course'));
    await model(permissive, {}, { meter: async () => void order.push('caller') });
    expect(order).toEqual(['caller', 'course']);
  });
});

describe('the spend of a streamed answer', () => {
  const answer = { respuesta: 'Una frase. Otra frase.', tipo: 'explicacion', sugerencias: [] };
  const transport = (withUsage: boolean): ConverseStreamTransport => async (_m, _b, signal, onEvent) => {
    for (const piece of JSON.stringify(answer).match(/[\s\S]{1,5}/g) ?? []) {
      if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      onEvent('contentBlockDelta', { delta: { toolUse: { input: piece } } });
    }
    onEvent('messageStop', { stopReason: 'tool_use' });
    if (withUsage) onEvent('metadata', { usage: { inputTokens: 100, outputTokens: 20 } });
  };

  it('is told with the usage Bedrock sent', async () => {
    const { spent, meter } = spentBy();
    await bedrockStreamingModel(transport(true), ids)(prompts.tutor, {}, { field: 'respuesta', onText: () => undefined, meter });
    expect(spent).toEqual([expect.objectContaining({ purpose: 'tutor', usage: { inputTokens: 100, outputTokens: 20 }, ok: true })]);
  });

  it('is estimated, input included, for a stream stopped before Bedrock sent its usage: the input was billed', async () => {
    const { spent, meter } = spentBy();
    const stop = new AbortController();
    let n = 0;
    await bedrockStreamingModel(transport(false), ids)(prompts.tutor, {}, { field: 'respuesta', signal: stop.signal, onText: () => void (++n === 2 && stop.abort()), meter });
    expect(spent).toHaveLength(1);
    expect(spent[0].usage.inputTokens).toBeGreaterThan(100);
    expect(spent[0].usage.outputTokens).toBeGreaterThan(0);
  });
});
