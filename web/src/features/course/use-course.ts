import { useCallback, useEffect, useState } from 'react';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { errorMessage } from '../../lib/error-message';
import { coursesApi } from './api';
import { polling } from './polling';
import { useJob } from './use-job';

/**
 * The course and, while it is being written, its job: each time the job reports another step
 * done the course is fetched again (quietly), so lessons appear as they finish. Only then: a poll
 * that moved nothing the learner sees does not re-read the course (issue 23 item 4).
 */
export function useCourse(courseId: string) {
  const [course, setCourse] = useState<CourseDetail | undefined>();
  const [error, setError] = useState<{ message: string; status?: number } | undefined>();

  const load = useCallback(
    async (background = false) => {
      try {
        const next = await coursesApi.course(courseId, background);
        setCourse(next);
        setError(undefined);
      } catch (err) {
        if (!background) setError({ message: errorMessage(err, 'No pudimos cargar el curso.'), status: (err as { response?: { status?: number } }).response?.status });
      }
    },
    [courseId],
  );

  useEffect(() => {
    setCourse(undefined);
    void load();
  }, [load]);

  const generating = course?.estado === 'generando';
  const { job, lost } = useJob(generating ? course.jobId : undefined);
  useEffect(() => {
    if (generating && job) void load(true);
    // Refetch when another lesson is done, the step changes, or the job ends; not on updatedAt alone.
  }, [generating, job?.done, job?.step, job?.status, load]); // eslint-disable-line react-hooks/exhaustive-deps

  // The job ended (or cannot be read) but the course still says generando: ask again until it settles.
  const settled = Boolean(lost) || (job !== undefined && job.status !== 'en_proceso');
  useEffect(() => {
    if (!generating || !settled) return;
    const timer = setTimeout(() => void load(true), polling.courseMs);
    return () => clearTimeout(timer);
  }, [generating, settled, course, load]);

  return { course, setCourse, error, reload: () => load(), job: generating ? job : undefined, lost: generating ? lost : undefined };
}
