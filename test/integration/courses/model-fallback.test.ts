import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { startLocalBedrock } from '../../../infra/local/bedrock';
import { fallbackIdsFor, modelIdFor } from '../../../lambdas/shared/ai/model-table';
import { startPipelineHarness, waitFor } from './support/pipeline-harness';

// A purpose's fallback list (model-table.ts FALLBACKS): with the routed model down in the local
// Bedrock (MENTORA_LLM_DOWN / `down`, keyed by model id), the next model of the list writes the
// course instead of failing it, and the course's spend names the model that actually wrote.

const LITE = modelIdFor('us-east-1', 'lesson');
const fallback = fallbackIdsFor('us-east-1').lesson[0];

describe('the local Bedrock refuses what Bedrock refuses', () => {
  it('answers Bedrock\'s ValidationException for a maxTokens above the model\'s maximum output, and the unavailable answer for a model marked down', async () => {
    const bedrock = await startLocalBedrock({ env: {}, down: [fallback] });
    const client = new BedrockRuntimeClient({ endpoint: bedrock.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    const ask = (modelId: string, maxTokens: number) => client.send(new ConverseCommand({ modelId, messages: [{ role: 'user', content: [{ text: 'Hola' }] }], inferenceConfig: { maxTokens } }));
    try {
      await expect(ask(LITE, 6000)).rejects.toMatchObject({
        name: 'ValidationException',
        message: 'The maximum tokens you requested exceeds the model limit of 5000. Try again with a maximum tokens value that is lower than 5000.',
        $metadata: { httpStatusCode: 400 },
      });
      await expect(ask(fallback, 100)).rejects.toMatchObject({ name: 'ServiceUnavailableException', $metadata: { httpStatusCode: 503 } });
      await expect(ask(LITE, 5000)).resolves.toMatchObject({ stopReason: expect.any(String) });
      // A model the table does not know (a local model's name) is not judged.
      await expect(ask('qwen2.5:7b', 50_000)).resolves.toMatchObject({ stopReason: expect.any(String) });
    } finally {
      client.destroy();
      await bedrock.close();
    }
  });
});

describe('a course when its routed model is down', () => {
  let h: Awaited<ReturnType<typeof startPipelineHarness>>;
  beforeAll(async () => (h = await startPipelineHarness({ down: [LITE] })), 240_000);
  afterAll(() => h.close());

  it('is written by the purpose\'s fallback model, and its spend says which model wrote it', async () => {
    expect(fallback).not.toBe(LITE);
    const res = await h.call('u-fallback', 'POST', '/courses/plan', { topic: 'Jardinería urbana', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    expect(res.status).toBe(200);
    const { jobId } = res.body as { jobId: string };
    const courseId = (res.body as { curso: { courseId: string } }).curso.courseId;
    const job = await waitFor(async () => {
      const j = (await h.call('u-fallback', 'GET', `/jobs/${jobId}`)).body.data;
      return j.status !== 'en_proceso' && j;
    }, 60_000);
    expect(job).toMatchObject({ status: 'completado' });
    const course = (await h.call('u-fallback', 'GET', `/courses/${courseId}`)).body.data;
    expect(course.estado).toBe('listo');
    expect(course.uso.modelos).toContain(fallback);
    expect(course.uso.modelos).not.toContain(LITE);
    // Priced at the model that wrote it: Nova Pro's list price, not Nova Lite's.
    const byModel = course.uso.porModelo as { modelId: string; costeEstimadoUSD: number }[];
    expect(byModel.find((m) => m.modelId === fallback)?.costeEstimadoUSD).toBeGreaterThan(0);
  }, 90_000);
});
