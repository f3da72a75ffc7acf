import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { localEmbedding } from '../../../infra/local/bedrock-embeddings';
import { startLocalBedrock, type LocalBedrock } from '../../../infra/local/bedrock';

// The local Bedrock's embedding model (issue 24): deterministic, unit-length vectors in which related
// Spanish text is closer than unrelated text, answered to AWS's own client as Titan V2 answers.

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

it('answers the same unit-length vector for the same text', () => {
  const v = localEmbedding('La célula es la unidad básica de la vida.');
  expect(v).toHaveLength(256);
  expect(Math.hypot(...v)).toBeCloseTo(1, 6);
  expect(localEmbedding('La célula es la unidad básica de la vida.')).toEqual(v);
});

it('keeps related Spanish text closer than unrelated text', () => {
  const question = localEmbedding('¿Qué función cumplen las células en los seres vivos?');
  const related = localEmbedding('La célula es la unidad básica de todos los seres vivos y cumple funciones vitales.');
  const unrelated = localEmbedding('El Imperio romano comenzó con Augusto tras la guerra civil.');
  expect(cosine(question, related)).toBeGreaterThan(cosine(question, unrelated) + 0.1);
});

describe('through @aws-sdk/client-bedrock-runtime InvokeModel', () => {
  let bedrock: LocalBedrock;
  let client: BedrockRuntimeClient;
  beforeAll(async () => {
    bedrock = await startLocalBedrock({ env: {} });
    client = new BedrockRuntimeClient({ endpoint: bedrock.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  });
  afterAll(async () => {
    client.destroy();
    await bedrock.close();
  });

  it('answers Titan Text Embeddings V2 with the asked dimensions and a token count', async () => {
    const out = await client.send(new InvokeModelCommand({ modelId: 'amazon.titan-embed-text-v2:0', contentType: 'application/json', body: JSON.stringify({ inputText: 'Hola mundo', dimensions: 256, normalize: true }) }));
    const answer = JSON.parse(new TextDecoder().decode(out.body)) as { embedding: number[]; inputTextTokenCount: number };
    expect(answer.embedding).toEqual(localEmbedding('Hola mundo'));
    expect(answer.inputTextTokenCount).toBeGreaterThan(0);
  });

  it('refuses InvokeModel on another model, and an empty text, as Bedrock does (ValidationException)', async () => {
    const call = (modelId: string, body: unknown) => client.send(new InvokeModelCommand({ modelId, contentType: 'application/json', body: JSON.stringify(body) }));
    await expect(call('anthropic.claude-x', { inputText: 'Hola' })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(call('amazon.titan-embed-text-v2:0', { inputText: '' })).rejects.toMatchObject({ name: 'ValidationException' });
  });
});
