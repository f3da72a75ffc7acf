import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { withDeadline } from '../../../lambdas/shared/ai/deadline';
import { boundedRequest, fullJitter, type RetryPolicy } from '../../../lambdas/shared/ai/model-retry';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { MALFORMED_TOOL_CALL, SHORTER_ANSWER, bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';

// Every model call is bounded and resilient: throttling retried with full-jitter backoff within a
// budget, a request that never answers aborted, an answer cut at the length cap never used.

const throttled = () => Object.assign(new Error('Too many requests'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 429 } });
const lesson = { contenido: 'x' };
const answer = (input: unknown, stopReason = 'tool_use', outputTokens = 50) => ({
  output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'registrar_leccion', input } }] } },
  stopReason,
  usage: { inputTokens: 100, outputTokens },
});
const permissive = { ...prompts.lesson, schema: z.object({ contenido: z.string() }) };

/** A fake clock: sleeping advances it, so budgets are checked without waiting. */
function fakePolicy(random = () => 1): RetryPolicy & { waits: number[] } {
  let t = 0;
  const waits: number[] = [];
  return { throttleBudgetMs: 60_000, baseDelayMs: 500, maxDelayMs: 20_000, marginMs: 5_000, random, now: () => t, sleep: async (ms) => void (waits.push(ms), (t += ms)), waits };
}
function fakeClient(...answers: (object | Error | 'hang')[]) {
  const sent: any[] = [];
  const client = {
    send: (command: { input: any }, opts?: { abortSignal?: AbortSignal }) => {
      sent.push(structuredClone(command.input));
      const a = answers[Math.min(sent.length, answers.length) - 1];
      if (a === 'hang') return new Promise((_r, reject) => opts?.abortSignal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
      return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
    },
  } as unknown as BedrockRuntimeClient;
  return { client, sent };
}
const ids = { fast: 'amazon.nova-lite-v1:0', strong: 'amazon.nova-lite-v1:0' };

describe('throttling', () => {
  it('is retried with exponential backoff and full jitter until the model answers', async () => {
    const policy = fakePolicy();
    const { client, sent } = fakeClient(throttled(), throttled(), throttled(), answer(lesson));
    const result = await bedrockStructuredModel(client, ids, policy)(permissive, {});
    expect(result.value).toEqual(lesson);
    expect(sent).toHaveLength(4);
    expect(policy.waits).toEqual([500, 1000, 2000]);
  });

  it('waits a uniformly random part of the exponential cap, never more than the cap', () => {
    const p = { baseDelayMs: 500, maxDelayMs: 20_000 };
    expect(fullJitter(3, { ...p, random: () => 0.5 })).toBe(2000);
    expect(fullJitter(3, { ...p, random: () => 0 })).toBe(0);
    expect(fullJitter(10, { ...p, random: () => 0.999 })).toBeLessThan(20_000);
  });

  it('gives up with ModelThrottled after about a minute of waiting', async () => {
    const policy = fakePolicy();
    const { client, sent } = fakeClient(throttled());
    await expect(bedrockStructuredModel(client, ids, policy)(permissive, {})).rejects.toMatchObject({ name: 'ModelThrottled' });
    const waited = policy.waits.reduce((a, b) => a + b, 0);
    expect(waited).toBeLessThanOrEqual(60_000);
    expect(waited).toBeGreaterThan(30_000);
    expect(sent.length).toBe(policy.waits.length + 1);
  });

  it('never waits past the Lambda invocation\'s deadline', async () => {
    const policy = { ...fakePolicy(), now: Date.now };
    let calls = 0;
    const request = () => (calls++, Promise.reject(throttled()));
    await expect(withDeadline({ getRemainingTimeInMillis: () => 5_300 }, () => boundedRequest(request, 10_000, policy))).rejects.toMatchObject({ name: 'ModelThrottled' });
    expect(calls).toBe(1);
  });

  it('other failures are not retried here', async () => {
    const { client, sent } = fakeClient(Object.assign(new Error('bad'), { name: 'ValidationException' }));
    await expect(bedrockStructuredModel(client, ids, fakePolicy())(permissive, {})).rejects.toMatchObject({ name: 'ModelRejected' });
    expect(sent).toHaveLength(1);
  });
});

describe('a request that never answers', () => {
  it('is aborted at its bound and reported as ModelTimeout', async () => {
    // The request's own abort at 50 ms ends the hang; the message names the bound that fired.
    await expect(boundedRequest((signal) => fakeClient('hang').client.send({ input: {} } as never, { abortSignal: signal }), 50))
      .rejects.toMatchObject({ name: 'ModelTimeout', message: 'The model did not answer within 50 ms' });
  });

  it('is aborted before the invocation ends, keeping a margin to fail cleanly', async () => {
    const call = withDeadline({ getRemainingTimeInMillis: () => 5_200 }, () => boundedRequest((s) => fakeClient('hang').client.send({ input: {} } as never, { abortSignal: s }), 60_000));
    const error = await call.then(() => undefined, (e: Error) => e);
    expect(error).toMatchObject({ name: 'ModelTimeout' });
    // The bound that fired is what the invocation has left minus the 5 s margin, not the 60 s asked.
    const bound = Number(/within (\d+) ms/.exec(error!.message)?.[1]);
    expect(bound).toBeGreaterThan(0);
    expect(bound).toBeLessThanOrEqual(200);
  });
});

describe('an answer cut at the length cap (stopReason max_tokens)', () => {
  it('is asked again from the start for a shorter answer at the same cap (less, not more), and the cut answer is never returned', async () => {
    const { client, sent } = fakeClient(answer({ contenido: 'cortado' }, 'max_tokens', 6000), answer(lesson));
    const result = await bedrockStructuredModel(client, ids, fakePolicy())({ ...permissive, maxTokens: 2000 }, {});
    expect(result.value).toEqual(lesson);
    expect(sent).toHaveLength(2);
    expect(sent[1].messages).toHaveLength(1);
    expect(sent[1].inferenceConfig.maxTokens).toBe(sent[0].inferenceConfig.maxTokens);
    expect(sent[1].messages[0].content[0].text).toContain(SHORTER_ANSWER);
    expect(result.usage.outputTokens).toBe(6050);
  });

  it('asks for a shorter answer when the cap cannot grow', async () => {
    const { client, sent } = fakeClient(answer(lesson, 'max_tokens'), answer(lesson));
    await bedrockStructuredModel(client, { fast: 'x', strong: 'x' }, fakePolicy())(permissive, {});
    expect(sent[1].inferenceConfig.maxTokens).toBe(sent[0].inferenceConfig.maxTokens);
    expect(sent[1].messages[0].content[0].text).toContain(SHORTER_ANSWER);
  });

  it('fails with InvalidModelOutput when cut twice, even if the cut input fits the schema', async () => {
    const { client, sent } = fakeClient(answer(lesson, 'max_tokens'), answer(lesson, 'max_tokens'));
    await expect(bedrockStructuredModel(client, ids, fakePolicy())(permissive, {})).rejects.toMatchObject({ name: 'InvalidModelOutput' });
    expect(sent).toHaveLength(2);
  });

  it('never asks a model for more tokens than the model table says it can write', async () => {
    const { client, sent } = fakeClient(answer(lesson));
    await bedrockStructuredModel(client, { fast: 'c', strong: 'anthropic.claude-3-haiku-20240307-v1:0' }, fakePolicy())({ ...permissive, maxTokens: 6000 }, {});
    expect(sent[0].inferenceConfig.maxTokens).toBe(4096);
  });
});

describe('every call\'s tokens and cost', () => {
  it('are logged per purpose and model id, also for a call that failed after spending tokens', async () => {
    const { logger } = await import('../../../lambdas/shared/logger');
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    const { client } = fakeClient(answer(lesson, 'tool_use', 1000));
    await bedrockStructuredModel(client, ids, fakePolicy())({ ...permissive, purpose: 'tutor' }, {});
    expect(info).toHaveBeenLastCalledWith('model call', expect.objectContaining({ purpose: 'tutor', modelId: 'amazon.nova-lite-v1:0', inputTokens: 100, outputTokens: 1000, costeEstimadoUSD: (100 * 0.06 + 1000 * 0.24) / 1e6, outcome: 'ok' }));
    const cut = fakeClient(answer(lesson, 'max_tokens', 500));
    await bedrockStructuredModel(cut.client, ids, fakePolicy())(permissive, {}).catch(() => undefined);
    expect(info).toHaveBeenLastCalledWith('model call', expect.objectContaining({ outputTokens: 1000, outcome: 'InvalidModelOutput' }));
    info.mockRestore();
  });
});

describe('the purpose\'s fallback models', () => {
  const unavailable = () => Object.assign(new Error('Bedrock is unable to process your request.'), { name: 'ServiceUnavailableException', $metadata: { httpStatusCode: 503 } });

  it('hands a call the routed model cannot serve (unavailable, or throttled past its budget) to the next model, which is the one reported', async () => {
    const sent: string[] = [];
    const byModel: Record<string, () => Promise<object>> = {
      'amazon.nova-lite-v1:0': () => Promise.reject(unavailable()),
      'respaldo-1': () => Promise.reject(throttled()),
      'respaldo-2': () => Promise.resolve(answer(lesson)),
    };
    const client = { send: (command: { input: { modelId: string } }) => (sent.push(command.input.modelId), byModel[command.input.modelId]()) } as never;
    const policy = fakePolicy();
    const result = await bedrockStructuredModel(client, ids, policy, { lesson: ['respaldo-1', 'respaldo-2'] })({ ...permissive, maxTokens: 2000 }, {});
    expect(result).toMatchObject({ value: lesson, modelId: 'respaldo-2' });
    // Unavailable: straight to the next. Throttled: waited out within its budget (fake clock), then given up on.
    expect(sent[0]).toBe('amazon.nova-lite-v1:0');
    expect(sent.filter((m) => m === 'respaldo-1').length).toBeGreaterThan(2);
    expect(policy.waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000);
    expect(sent.at(-1)).toBe('respaldo-2');
  });

  it('does not hand on an answer that failed our checks: a different model would not make it valid', async () => {
    const { client, sent } = fakeClient(answer({ nada: 1 }), answer({ nada: 1 }));
    await expect(bedrockStructuredModel(client, ids, fakePolicy(), { lesson: ['respaldo-1'] })(permissive, {})).rejects.toMatchObject({ name: 'InvalidModelOutput' });
    expect(sent.every((s) => s.modelId === 'amazon.nova-lite-v1:0')).toBe(true);
  });
});

describe('tool calls as AWS recommends (issue 33 item 6)', () => {
  it('run Nova at temperature 0 and other families at 0.4', async () => {
    const nova = fakeClient(answer(lesson));
    await bedrockStructuredModel(nova.client, ids, fakePolicy())(permissive, {});
    expect(nova.sent[0].inferenceConfig.temperature).toBe(0);
    const other = fakeClient(answer(lesson));
    await bedrockStructuredModel(other.client, { fast: 'x', strong: 'x' }, fakePolicy())(permissive, {});
    expect(other.sent[0].inferenceConfig.temperature).toBe(0.4);
  });

  it('give a malformed tool call ("invalid sequence as part of ToolUse") one repair turn on the same model, before any fallback', async () => {
    const malformed = Object.assign(new Error('Model produced invalid sequence as part of ToolUse. Please refer to the model tool use troubleshooting guide.'), { name: 'ModelErrorException', $metadata: { httpStatusCode: 424 } });
    const { client, sent } = fakeClient(malformed, answer(lesson));
    const result = await bedrockStructuredModel(client, ids, fakePolicy(), { lesson: ['respaldo-caro'] })(permissive, {});
    expect(result).toMatchObject({ value: lesson, modelId: 'amazon.nova-lite-v1:0' });
    expect(sent.map((s) => s.modelId)).toEqual(['amazon.nova-lite-v1:0', 'amazon.nova-lite-v1:0']);
    expect(sent[1].messages[0].content[0].text).toContain(MALFORMED_TOOL_CALL);
  });
});
