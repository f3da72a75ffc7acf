import { QueryClient } from '@tanstack/react-query';

// The SPA's server-state defaults (issue 21 item 3). Each query may override them; these are the
// ones that keep a page from asking the API more than it must.

/** A read fresher than this is served from the cache (moving between pages asks nothing). */
export const STALE_MS = 30_000;

/**
 * No retries here: the API client already retries what a retry cannot duplicate (SPEC §9: GETs and
 * keyed POSTs, 3 attempts with backoff and jitter, never a 4xx but a throttling 429). A second layer
 * would multiply those attempts. Queries that tolerate failures on purpose (the job poll) say so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        retry: false,
        // Coming back to the tab re-reads nothing by default; a query whose data moves on its own
        // (a job being written) turns it on for itself.
        refetchOnWindowFocus: false,
        // The API client's own retries cover a dropped connection; reconnecting re-reads only stale data.
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}
