import { costUsd } from '../shared/ai/model-table';

// What a course cost: its tokens per model id (flat attributes `tokensEntrada:<modelId>` and
// `tokensSalida:<modelId>`, added atomically by every call: DynamoDB cannot ADD into a map entry
// that does not exist yet) priced at the model table's list prices when read.

export const IN_PREFIX = 'tokensEntrada:';
export const OUT_PREFIX = 'tokensSalida:';
/** Of the input tokens, those read from / written to the prompt cache (issue 33): billed at the model's cache prices. */
export const CACHE_READ_PREFIX = 'tokensCacheLeidos:';
export const CACHE_WRITE_PREFIX = 'tokensCacheEscritos:';

export interface ModelUsage {
  modelId: string;
  tokensEntrada: number;
  tokensSalida: number;
  /** Of tokensEntrada, read from / written to the prompt cache; present only when some were. */
  tokensCacheLeidos?: number;
  tokensCacheEscritos?: number;
  costeEstimadoUSD: number;
}

/** Dollars to 6 decimals: cents of a cent are what a course costs, floats add noise below that. */
export const roundUsd = (usd: number) => Math.round(usd * 1e6) / 1e6;

export function usageByModel(item: object): ModelUsage[] {
  const fields = item as Record<string, unknown>;
  const ids = Object.keys(fields).filter((k) => k.startsWith(IN_PREFIX) || k.startsWith(OUT_PREFIX)).map((k) => k.slice(k.indexOf(':') + 1));
  return [...new Set(ids)].sort().map((modelId) => {
    const tokensEntrada = Number(fields[IN_PREFIX + modelId] ?? 0);
    const tokensSalida = Number(fields[OUT_PREFIX + modelId] ?? 0);
    const cache = { read: Number(fields[CACHE_READ_PREFIX + modelId] ?? 0), write: Number(fields[CACHE_WRITE_PREFIX + modelId] ?? 0) };
    return {
      modelId, tokensEntrada, tokensSalida,
      ...(cache.read && { tokensCacheLeidos: cache.read }), ...(cache.write && { tokensCacheEscritos: cache.write }),
      costeEstimadoUSD: roundUsd(costUsd(modelId, tokensEntrada, tokensSalida, cache)),
    };
  });
}

/** The course's estimated cost in USD at list prices, every model call of every job included. */
export const courseCostUsd = (item: object) => roundUsd(usageByModel(item).reduce((sum, m) => sum + m.costeEstimadoUSD, 0));
