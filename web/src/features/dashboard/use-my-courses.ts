import { useCallback, useEffect, useRef, useState } from 'react';
import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { errorMessage } from '../../lib/error-message';
import { polling } from '../course';
import { myCoursesPage } from './my-courses-api';

/** Keeps `fresh` first and then every older course not in it (a refresh never drops loaded pages). */
const merge = (fresh: CourseSummary[], older: CourseSummary[] = []) => {
  const seen = new Set(fresh.map((c) => c.courseId));
  return [...fresh, ...older.filter((c) => !seen.has(c.courseId))];
};

/**
 * The learner's courses, a page at a time ("Ver más" loads the next one); the first page is
 * refreshed quietly while any course is still being written.
 */
export function useMyCourses() {
  const [courses, setCourses] = useState<CourseSummary[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [next, setNext] = useState<string | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  // Whether the learner went past the first page: then a refresh keeps their cursor.
  const pagesLoaded = useRef(0);

  const load = useCallback(async (background = false) => {
    try {
      const page = await myCoursesPage(undefined, background);
      if (background && pagesLoaded.current > 1) {
        setCourses((list) => merge(page.data, list));
      } else {
        pagesLoaded.current = 1;
        setCourses(page.data);
        setNext(page.next);
      }
      setError(undefined);
    } catch (err) {
      if (!background) setError(errorMessage(err, 'No pudimos cargar tus cursos.'));
    }
  }, []);

  const loadMore = useCallback(async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await myCoursesPage(next);
      pagesLoaded.current += 1;
      setCourses((list) => merge(list ?? [], page.data));
      setNext(page.next);
    } catch (err) {
      setError(errorMessage(err, 'No pudimos cargar más cursos.'));
    } finally {
      setLoadingMore(false);
    }
  }, [next]);

  useEffect(() => void load(), [load]);

  const generating = courses?.some((c) => c.estado === 'generando') ?? false;
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => void load(true), polling.courseMs);
    return () => clearInterval(timer);
  }, [generating, load]);

  const replace = (course: CourseSummary) => setCourses((list) => list?.map((c) => (c.courseId === course.courseId ? course : c)));
  return { courses, error, reload: () => load(), replace, hasMore: next !== undefined, loadMore, loadingMore };
}
