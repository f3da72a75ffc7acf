import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { drawFault, parseFaults, seededRandom } from '../../../infra/local/bedrock-faults';
import { startLocalBedrock, type LocalBedrock } from '../../../infra/local/bedrock';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';

// The local Converse endpoint under realistic conditions: each model's pace from the model table,
// and faults at given rates (MENTORA_LLM_FAULTS), reproducible with a seed.

const client = (url: string) =>
  new BedrockRuntimeClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
const LITE = 'us.amazon.nova-lite-v1:0';
const ask = (modelId: string) => new ConverseCommand({ modelId, messages: [{ role: 'user', content: [{ text: 'Hola' }] }] });

describe('MENTORA_LLM_FAULTS', () => {
  it('parses kinds and rates, and refuses anything else in plain words', () => {
    expect(parseFaults('throttle=0.2, truncate=0.05,malformed=0.05,timeout=0.02')).toEqual({ throttle: 0.2, truncate: 0.05, malformed: 0.05, timeout: 0.02 });
    expect(parseFaults('')).toEqual({});
    expect(() => parseFaults('throttle=2')).toThrow(/throttle=2/);
    expect(() => parseFaults('lento=0.1')).toThrow(/throttle\|truncate\|malformed\|timeout/);
    expect(() => parseFaults('throttle=0.6,truncate=0.6')).toThrow(/more than 1/);
  });

  it('draws faults at their rates, the same ones for the same seed', () => {
    const rates = parseFaults('throttle=0.2,truncate=0.05');
    const run = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 4000 }, () => drawFault(rates, random));
    };
    const a = run(7);
    expect(run(7)).toEqual(a);
    expect(a.filter((f) => f === 'throttle').length / 4000).toBeCloseTo(0.2, 1);
    expect(a.filter((f) => f === 'truncate').length / 4000).toBeCloseTo(0.05, 1);
  });
});

describe('the endpoint with faults', () => {
  const servers: LocalBedrock[] = [];
  const start = async (faults: string) => {
    const s = await startLocalBedrock({ env: {}, faults, seed: 1 });
    servers.push(s);
    return s;
  };
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('throttles as Bedrock does (ThrottlingException, 429)', async () => {
    const s = await start('throttle=1');
    await expect(client(s.url).send(ask(LITE))).rejects.toMatchObject({ name: 'ThrottlingException', $metadata: { httpStatusCode: 429 } });
    expect(s.faults()).toEqual({ throttle: 1 });
  });

  it('cuts answers at the length cap with stopReason max_tokens, which the structured call never returns', async () => {
    const s = await start('truncate=1');
    const out = await client(s.url).send(ask(LITE));
    expect(out.stopReason).toBe('max_tokens');
    const call = bedrockStructuredModel(client(s.url), { fast: LITE, strong: LITE })(prompts.outline, { topic: 'Cocina', level: 'principiante' });
    await expect(call).rejects.toMatchObject({ name: 'InvalidModelOutput' });
  });

  it('answers tool input that fails the schema, which gets the repair turn', async () => {
    const s = await start('malformed=1');
    const call = bedrockStructuredModel(client(s.url), { fast: LITE, strong: LITE })(prompts.outline, { topic: 'Cocina', level: 'principiante' });
    await expect(call).rejects.toMatchObject({ name: 'InvalidModelOutput', message: expect.stringMatching(/reparación/) });
    expect(s.faults()).toEqual({ malformed: 2 });
  });

  it('never answers a timed-out call: the client gives up', async () => {
    const s = await start('timeout=1');
    // The endpoint never answers: only the client's own abort can end the call.
    await expect(client(s.url).send(ask(LITE), { abortSignal: AbortSignal.timeout(300) as never })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the endpoint at the model table\'s pace', () => {
  let s: LocalBedrock;
  beforeAll(async () => (s = await startLocalBedrock({ env: { MENTORA_LLM_LATENCY_MS: 'model' } })));
  afterAll(() => s.close());

  it('takes time to first token plus output tokens at the model\'s speed', async () => {
    const started = Date.now();
    const out = await client(s.url).send(ask(LITE));
    const took = Date.now() - started;
    const expected = 400 + (out.usage!.outputTokens! / 200) * 1000;
    // The pace is a floor (the endpoint waits before answering); how much longer a busy machine
    // takes says nothing about the endpoint, so there is no ceiling.
    expect(took).toBeGreaterThanOrEqual(expected - 20);
  });

  it('streams the first frame after the time to first token and the rest at the model\'s pace', async () => {
    const started = Date.now();
    const out = await client(s.url).send(new ConverseStreamCommand({ modelId: 'us.amazon.nova-micro-v1:0', messages: [{ role: 'user', content: [{ text: '¿Qué es una variable?' }] }] }));
    const arrivals: number[] = [];
    for await (const event of out.stream!) if (event.contentBlockDelta) arrivals.push(Date.now() - started);
    expect(arrivals[0]).toBeGreaterThanOrEqual(280);
    expect(arrivals.at(-1)! - arrivals[0]).toBeGreaterThan(50);
  });

  it('still takes a fixed time for every call when MENTORA_LLM_LATENCY_MS is a number', async () => {
    const fixed = await startLocalBedrock({ env: { MENTORA_LLM_LATENCY_MS: '250' } });
    const started = Date.now();
    await client(fixed.url).send(ask('us.anthropic.claude-sonnet-4-5-20250929-v1:0'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    await fixed.close();
  });
});
