import type { BedrockRuntimeClient } from './bedrock-invoke';

// Passage embeddings (issue 24): Amazon Titan Text Embeddings V2, which handles Spanish, through AWS's
// own Bedrock Runtime client (InvokeModel). 256 dimensions, normalised: a quarter of the default's
// storage with little loss for retrieval within one learner's materials (docs/materials.md). The
// local Bedrock answers the same model id with deterministic vectors (infra/local/bedrock-embeddings.ts).

export const EMBEDDING_MODEL_ID = 'amazon.titan-embed-text-v2:0';
export const EMBEDDING_DIMENSIONS = 256;
/** On-demand list price, USD per 1,000 input tokens (us-east-1 and eu-west-1, read 2026-11-25). */
export const EMBEDDING_USD_PER_1K_TOKENS = 0.00002;
/** Passages embedded at once: a 50,000-character text is ~70 calls, a few rounds. */
const PARALLEL = 8;

export interface Embedded {
  vector: number[];
  tokens: number;
}
export type Embed = (text: string) => Promise<Embedded>;

// Loaded on the first embedding: GET routes of this Lambda never pay the SDK's module init.
let client: Promise<{ sdk: typeof import('./bedrock-invoke'); client: BedrockRuntimeClient }> | undefined;
const sdk = () => (client ??= import('./bedrock-invoke').then((m) => ({ sdk: m, client: new m.BedrockRuntimeClient({ maxAttempts: 3 }) })));

export const bedrockEmbed: Embed = async (text) => {
  const { sdk: m, client: c } = await sdk();
  const out = await c.send(
    new m.InvokeModelCommand({
      modelId: EMBEDDING_MODEL_ID,
      contentType: 'application/json',
      accept: 'application/json',
      body: JSON.stringify({ inputText: text, dimensions: EMBEDDING_DIMENSIONS, normalize: true }),
    }),
  );
  const answer = JSON.parse(new TextDecoder().decode(out.body)) as { embedding: number[]; inputTextTokenCount: number };
  if (answer.embedding?.length !== EMBEDDING_DIMENSIONS) throw new Error(`embedding of ${answer.embedding?.length} dimensions`);
  return { vector: answer.embedding, tokens: answer.inputTextTokenCount };
};

/** Every text's embedding, in order, at most PARALLEL calls at once. */
export async function embedAll(embed: Embed, texts: string[]): Promise<Embedded[]> {
  const out: Embedded[] = new Array<Embedded>(texts.length);
  let next = 0;
  const worker = async () => {
    while (next < texts.length) {
      const i = next++;
      out[i] = await embed(texts[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, texts.length) }, worker));
  return out;
}

export const embeddingCostUsd = (tokens: number) => (tokens / 1000) * EMBEDDING_USD_PER_1K_TOKENS;
