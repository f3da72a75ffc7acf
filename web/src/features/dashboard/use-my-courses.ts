import { useCallback, useEffect, useState } from 'react';
import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { errorMessage } from '../../lib/error-message';
import { coursesApi } from '../course/api';
import { polling } from '../course/polling';

/** The learner's courses; refreshed quietly while any of them is still being written. */
export function useMyCourses() {
  const [courses, setCourses] = useState<CourseSummary[] | undefined>();
  const [error, setError] = useState<string | undefined>();

  const load = useCallback(async (background = false) => {
    try {
      setCourses(await coursesApi.myCourses(background));
      setError(undefined);
    } catch (err) {
      if (!background) setError(errorMessage(err, 'No pudimos cargar tus cursos.'));
    }
  }, []);

  useEffect(() => void load(), [load]);

  const generating = courses?.some((c) => c.estado === 'generando') ?? false;
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => void load(true), polling.courseMs);
    return () => clearInterval(timer);
  }, [generating, load]);

  const replace = (course: CourseSummary) => setCourses((list) => list?.map((c) => (c.courseId === course.courseId ? course : c)));
  return { courses, error, reload: () => load(), replace };
}
