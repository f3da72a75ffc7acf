// The local Bedrock's embedding model: Amazon Titan Text Embeddings V2's InvokeModel, answered with
// deterministic vectors so retrieval works offline and tests mean something (issue 24). Related
// Spanish text stays close: each word adds its stem (first five letters, accents folded: "célula",
// "células", "celular" share one) and its character trigrams, hashed into the asked dimensions, signed
// by another bit of the hash (feature hashing), then the vector is normalised as Titan's `normalize`.

export const TITAN_EMBED_V2 = /^amazon\.titan-embed-text-v2/;
const DIMENSIONS = [256, 512, 1024];

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export function localEmbedding(text: string, dimensions = 256): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dimensions] += (h & 0x80000000 ? -1 : 1) * weight;
  };
  const words = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(/\p{L}+|\p{N}+/gu) ?? [];
  for (const w of words) {
    if (w.length > 3) add(`s:${w.slice(0, 5)}`, 2);
    const padded = ` ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** Titan V2's request and answer (InvokeModel body), or a validation message as Bedrock gives one. */
export function titanEmbedding(body: unknown): { embedding: number[]; inputTextTokenCount: number } | { invalid: string } {
  const { inputText, dimensions = 1024 } = (body ?? {}) as { inputText?: unknown; dimensions?: unknown };
  if (typeof inputText !== 'string' || !inputText.length) return { invalid: 'Malformed input request: inputText is required' };
  if (inputText.length > 50_000) return { invalid: 'Malformed input request: inputText is too long' };
  if (!DIMENSIONS.includes(Number(dimensions))) return { invalid: 'Malformed input request: dimensions must be 256, 512 or 1024' };
  // Titan counts tokens of its own tokenizer; about four characters each is close enough for costing.
  return { embedding: localEmbedding(inputText, Number(dimensions)), inputTextTokenCount: Math.ceil(inputText.length / 4) };
}
