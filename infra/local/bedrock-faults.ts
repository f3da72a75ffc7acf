import { BedrockFault, type Block, type ConverseReply } from './bedrock-protocol';

// Faults the local Converse endpoint injects at given rates (MENTORA_LLM_FAULTS), so the pipeline
// and the API meet locally what a real Bedrock does under load: throttling, answers cut at the
// length cap, tool input that fails the schema, and requests that never answer.

export const FAULT_KINDS = ['throttle', 'truncate', 'malformed', 'timeout'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultRates = Partial<Record<FaultKind, number>>;

/** Parses `throttle=0.2,truncate=0.05`; rates in [0, 1] summing to at most 1. Throws on anything else. */
export function parseFaults(spec: string | undefined): FaultRates {
  const rates: FaultRates = {};
  for (const part of (spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, value, extra] = part.split('=').map((x) => x.trim());
    const rate = Number(value);
    if (!FAULT_KINDS.includes(name as FaultKind) || extra !== undefined || value === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
      throw new Error(`MENTORA_LLM_FAULTS: "${part}" is not <${FAULT_KINDS.join('|')}>=<rate between 0 and 1>`);
    }
    rates[name as FaultKind] = rate;
  }
  const total = Object.values(rates).reduce((a, b) => a + b, 0);
  if (total > 1 + 1e-9) throw new Error(`MENTORA_LLM_FAULTS: the rates add up to ${total}, more than 1`);
  return rates;
}

/** mulberry32: a small seeded generator, so a fault run is reproducible with MENTORA_LLM_SEED. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws the fault (if any) for one call. */
export function drawFault(rates: FaultRates, random: () => number): FaultKind | undefined {
  let r = random();
  for (const kind of FAULT_KINDS) {
    const rate = rates[kind] ?? 0;
    if (r < rate) return kind;
    r -= rate;
  }
  return undefined;
}

/** Bedrock's own throttling answer. */
export const throttled = () => new BedrockFault('ThrottlingException', 429, 'Too many requests, please wait before trying again.');

const halve = (text: string) => text.slice(0, Math.max(1, Math.floor(text.length / 2)));

/** Cuts the longest string in a tool input, as an answer stopped mid-way would be. */
function cutInput(value: unknown): unknown {
  if (typeof value === 'string') return halve(value);
  if (Array.isArray(value)) return value.slice(0, Math.max(1, Math.ceil(value.length / 2))).map(cutInput);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return Object.fromEntries(entries.slice(0, Math.max(1, Math.ceil(entries.length / 2))).map(([k, v]) => [k, cutInput(v)]));
  }
  return value;
}

/** The reply cut at the length cap: `stopReason: max_tokens`, half the output. */
export function truncated(reply: ConverseReply): ConverseReply {
  const content: Block[] = reply.content.map((b) => (b.toolUse ? { toolUse: { ...b.toolUse, input: cutInput(b.toolUse.input) } } : { text: halve(b.text ?? '') }));
  return { ...reply, content, stopReason: 'max_tokens', usage: { ...reply.usage, outputTokens: Math.ceil(reply.usage.outputTokens / 2) } };
}

/** Tool input that fails the schema: its first field missing (a text answer comes back empty). */
export function malformed(reply: ConverseReply): ConverseReply {
  const content: Block[] = reply.content.map((b) => {
    if (!b.toolUse) return { text: '' };
    const input = b.toolUse.input && typeof b.toolUse.input === 'object' ? { ...(b.toolUse.input as Record<string, unknown>) } : {};
    delete input[Object.keys(input)[0]];
    return { toolUse: { ...b.toolUse, input } };
  });
  return { ...reply, content };
}
