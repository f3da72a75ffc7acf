import type { ContentBlock, Message } from '@aws-sdk/client-bedrock-runtime';
import type { z } from 'zod';
import { specOf } from './model-table';
import { DATA_MARKER, type PromptSpec } from './prompts';
import { fenceData, fenceStableData } from './prompts/fence';

// The first user message of a structured call (structured-output.ts). Issue 33: a prompt that
// names `cachedData` (the evaluation's course, module and lessons) sends that data first, in its
// own fenced block, then a Converse cache point where the model has prompt caching on Bedrock
// (model-table.ts `cache`), then the instructions and the rest of the data. The question batches
// of a module share that prefix byte for byte, so from the second batch on Bedrock reads it from
// the cache at a quarter of the input price instead of processing it again.

/** Says what the first block is: data to read, never instructions (the fence's rule applies as to any block). */
export const CACHED_DATA_HEADER = 'DATOS COMUNES (JSON), que la tarea de abajo usa:';

const pick = (data: Record<string, unknown>, keys: readonly string[], keep: boolean) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => keys.includes(k) === keep));

/** The opening message's blocks; `note` is added after the instructions (a retry's reason). */
export function openingBlocks(spec: PromptSpec<z.ZodType>, data: Record<string, unknown>, modelId: string): (note?: string) => ContentBlock[] {
  const keys = spec.cachedData?.filter((k) => data[k] !== undefined) ?? [];
  // The instructions read the whole data (a flag among the shared keys still shapes them); the task's block carries the rest.
  const prompt = `${spec.instructions(data)}\n\n${DATA_MARKER}\n${fenceData(JSON.stringify(keys.length ? pick(data, keys, false) : data))}`;
  const task = (note?: string): ContentBlock => ({ text: note ? `${prompt}\n\n${note}` : prompt });
  if (!keys.length) return (note) => [task(note)];
  // Fixed key order and a code derived from the JSON: the prefix repeats byte for byte.
  const shared: ContentBlock = { text: `${CACHED_DATA_HEADER}\n${fenceStableData(JSON.stringify(Object.fromEntries(keys.map((k) => [k, data[k]]))))}` };
  const cachePoint = specOf(modelId)?.cache ? [{ cachePoint: { type: 'default' } } as ContentBlock] : [];
  return (note) => [shared, ...cachePoint, task(note)];
}

/** The text of an answer: its text blocks, a reasoning model's reasoning left out. */
export const answerText = (message: Message | undefined) => (message?.content ?? []).map((c) => c.text ?? '').join('\n').trim();
