import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../../lib/error-message';

/**
 * One payment read under its key (query-keys.ts). Read again each time a page opens (staleTime 0):
 * money, plan and usage change outside this tab (Stripe's webhooks, another device), so a cached
 * answer is shown only while the fresh one comes. `reload` tries again; `setData` puts a write's
 * answer in the cache. The error is the server's Spanish message.
 */
export function useLoad<T>(key: QueryKey, load: () => Promise<T>, fallback: string) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: load, staleTime: 0 });
  return {
    data: query.data,
    setData: (data: T) => client.setQueryData<T>(key, data),
    // While a retry runs the page shows it is loading, not the last failure.
    error: query.isError && !query.isFetching ? errorMessage(query.error, fallback) : undefined,
    loading: query.isFetching || query.isPending,
    reload: () => void query.refetch(),
  };
}
