import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { errorMessage } from '../../lib/error-message';
import { courseKeys, coursesChanged } from '../../lib/course-keys';
import { polling } from '../../lib/polling';
import { myCoursesOrDownloaded, type MyCoursesPage } from './my-courses-api';

type Pages = InfiniteData<MyCoursesPage, string | undefined>;

/** Every page loaded so far, one list (a course never appears twice if pages shifted under it). */
function flatten(pages: { pages: MyCoursesPage[] }): CourseSummary[] {
  const seen = new Set<string>();
  return pages.pages.flatMap((p) => p.data).filter((c) => !seen.has(c.courseId) && Boolean(seen.add(c.courseId)));
}

/**
 * The learner's courses, a page at a time ("Ver más" loads the next one), refreshed quietly every
 * `polling.courseMs` while any of them is still being written. Writes elsewhere (a new course,
 * progress, a retry) mark the list stale (web/src/lib/course-keys.ts), so the next visit reads it again.
 */
export function useMyCourses() {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: courseKeys.mine(),
    // A page read for the first time (the list, "Ver más") shows the loading indicator; refreshing a
    // page already on screen is quiet.
    queryFn: ({ pageParam }) => myCoursesOrDownloaded(pageParam, client.getQueryData<Pages>(courseKeys.mine())?.pageParams.includes(pageParam) ?? false),
    // Run even when the browser says it is offline: the downloaded courses answer then.
    networkMode: 'always',
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.data.some((c) => c.estado === 'generando')) ? polling.courseMs : false),
  });
  const { data, isError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = query;
  const courses = data ? flatten(data) : undefined;
  // A failed quiet refresh keeps the list on screen; a failed first read or "Ver más" says so.
  const failed = isError && (courses === undefined || query.isFetchNextPageError);
  const error = failed ? errorMessage(query.error, courses === undefined ? 'No pudimos cargar tus cursos.' : 'No pudimos cargar más cursos.') : undefined;

  /** A course the page changed (a retry): the list shows the server's answer at once; its other reads are stale. */
  const replace = (course: CourseSummary) => {
    void coursesChanged(client);
    client.setQueryData<Pages>(courseKeys.mine(), (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, data: p.data.map((c) => (c.courseId === course.courseId ? course : c)) })) });
  };

  return {
    courses,
    /** The list is this device's downloaded courses: the connection is down. */
    offline: data?.pages[0]?.sinConexion === true,
    error,
    reload: () => void refetch(),
    replace,
    hasMore: hasNextPage,
    loadMore: () => void fetchNextPage(),
    loadingMore: isFetchingNextPage,
  };
}
