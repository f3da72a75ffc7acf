import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { startLocalBedrock } from '../../../infra/local/bedrock';
import { inputTokensOf } from '../../../infra/local/bedrock-limits';
import type { ConverseRequest } from '../../../infra/local/bedrock-protocol';
import { tokenQuota, tpmFromEnv } from '../../../infra/local/bedrock-quota';
import { classifyModelError } from '../../../lambdas/shared/ai/model-errors';

// MENTORA_LLM_TPM: the local Bedrock refuses, as Bedrock does, a call whose input plus maxTokens
// would take a model past its tokens per minute over the last minute.

const LITE = 'us.amazon.nova-lite-v1:0';
const MICRO = 'us.amazon.nova-micro-v1:0';
const request = (modelId: string, maxTokens: number): ConverseRequest => ({ modelId, messages: [{ role: 'user', content: [{ text: 'Hola' }] }], inferenceConfig: { maxTokens } });
const input = inputTokensOf(request(LITE, 0));

describe('the tokens-per-minute quota', () => {
  it('counts input plus maxTokens and refuses the call that would pass the quota, with ThrottlingException', () => {
    let now = 0;
    const quota = tokenQuota(2 * (1000 + input), () => now);
    expect(quota.admit(request(LITE, 1000))).toBeUndefined();
    expect(quota.admit(request(LITE, 1000))).toBeUndefined();
    const refused = quota.admit(request(LITE, 1));
    expect(refused).toMatchObject({ type: 'ThrottlingException', status: 429 });
    now = 30_000;
    expect(quota.admit(request(LITE, 1))).toBeDefined();
    expect(quota.usage()).toEqual({ perModel: { [LITE]: 2 * (1000 + input) }, refused: 2 });
  });

  it('frees what was counted once a minute has passed since it (a sliding minute, not the clock minute)', () => {
    let now = 0;
    const quota = tokenQuota(1000 + input, () => now);
    expect(quota.admit(request(LITE, 1000))).toBeUndefined();
    now = 59_999;
    expect(quota.admit(request(LITE, 1000))).toBeDefined();
    now = 60_000;
    expect(quota.admit(request(LITE, 1000))).toBeUndefined();
  });

  it('keeps one quota per model, and does not count refused calls', () => {
    const quota = tokenQuota(1000 + input, () => 0);
    expect(quota.admit(request(LITE, 1000))).toBeUndefined();
    expect(quota.admit(request(LITE, 1000))).toBeDefined();
    expect(quota.admit(request(MICRO, 1000))).toBeUndefined();
    expect(quota.usage().perModel).toEqual({ [LITE]: 1000 + input, [MICRO]: 1000 + input });
  });

  it('is off unless MENTORA_LLM_TPM is a positive number, and says so plainly', () => {
    expect(tpmFromEnv(undefined)).toBeUndefined();
    expect(tpmFromEnv(' ')).toBeUndefined();
    expect(tpmFromEnv('60000')).toBe(60000);
    expect(() => tpmFromEnv('mucho')).toThrow(/MENTORA_LLM_TPM/);
    expect(() => tpmFromEnv('-5')).toThrow(/positive/);
  });
});

describe('the local endpoint with MENTORA_LLM_TPM', () => {
  it('answers the AWS SDK a ThrottlingException it parses, which the model layer reads as ModelThrottled', async () => {
    const bedrock = await startLocalBedrock({ env: { MENTORA_LLM_TPM: String(3000 + 2 * input) }, faults: '' });
    const client = new BedrockRuntimeClient({ endpoint: bedrock.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    const ask = (maxTokens: number) => client.send(new ConverseCommand({ modelId: LITE, messages: [{ role: 'user', content: [{ text: 'Hola' }] }], inferenceConfig: { maxTokens } }));
    try {
      await expect(ask(1500)).resolves.toMatchObject({ stopReason: expect.any(String) });
      await expect(ask(1500)).resolves.toBeDefined();
      const error = await ask(1500).then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject({ name: 'ThrottlingException', $metadata: { httpStatusCode: 429 } });
      expect(classifyModelError(error).name).toBe('ModelThrottled');
      expect(bedrock.quota?.usage().refused).toBe(1);
    } finally {
      client.destroy();
      await bedrock.close();
    }
  });

  it('is off by default: no quota, no refusal', async () => {
    const bedrock = await startLocalBedrock({ env: {}, faults: '' });
    expect(bedrock.quota).toBeUndefined();
    await bedrock.close();
  });
});
