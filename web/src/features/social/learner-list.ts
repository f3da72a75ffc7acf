import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ConnectionState, LearnerCard, LearnersPage } from '../../../../lambdas/contract/social';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { socialKeys } from './query-keys';

export interface LearnerList {
  items: LearnerCard[];
  cursor: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: string;
  loadingMore: boolean;
}

type Pages = InfiniteData<LearnersPage, string | null>;

/** Every page loaded so far, each learner once (pages may shift while the learner reads). */
function flatten(pages: { pages: LearnersPage[] }): LearnerCard[] {
  const seen = new Set<string>();
  return pages.pages.flatMap((p) => p.items).filter((c) => !seen.has(c.userId) && Boolean(seen.add(c.userId)));
}

/** One paginated list of learner cards (suggestions or a search), loaded page by page. */
export function useLearnerList(key: readonly unknown[], fetchPage: (cursor: string | null) => Promise<LearnersPage>, fallback: string, enabled = true) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled,
  });
  const { data, isFetchingNextPage } = query;
  const list: LearnerList = data
    ? { items: flatten(data), cursor: data.pages[data.pages.length - 1]?.cursor ?? null, status: 'ready', loadingMore: isFetchingNextPage }
    : query.isError
      ? { items: [], cursor: null, status: 'error', error: errorMessage(query.error, fallback), loadingMore: false }
      : { items: [], cursor: null, status: enabled ? 'loading' : 'idle', loadingMore: false };

  return {
    list,
    /** The next page; a failure is a toast, the cards already shown stay. */
    more: async () => {
      const next = await query.fetchNextPage();
      if (next.isFetchNextPageError) notify.error(errorMessage(next.error, fallback));
    },
    /** From the first page again, showing the loading state (a retry, the same search again). */
    restart: () => client.resetQueries({ queryKey: key }),
  };
}

/** A card's new connection state, in every learner list the cache holds (suggestions and searches). */
export function setConnectionState(client: ReturnType<typeof useQueryClient>, userId: string, conexion: ConnectionState) {
  client.setQueriesData<Pages>({ queryKey: socialKeys.learners() }, (d) =>
    d && { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map((c) => (c.userId === userId ? { ...c, conexion } : c)) })) });
}
