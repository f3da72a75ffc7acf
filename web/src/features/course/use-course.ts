import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { errorMessage } from '../../lib/error-message';
import { coursesApi } from './api';
import { polling } from '../../lib/polling';
import { courseKeys } from '../../lib/course-keys';
import { jobSettled, useJob } from './use-job';
/**
 * The course from the server or, with no connection, the copy the learner downloaded (issue 44): the offline room
 * (its own chunk) answers only when the browser says it is offline or the read got no answer. The copy is what the
 * server answered at download time; the page says so (DownloadPanel).
 */
const readOrCopy = (courseId: string, read: () => Promise<CourseDetail>) => {
  const copy = (failure?: unknown) => import('../offline').then((m) => m.courseOrCopy(courseId, read, failure));
  return navigator.onLine ? read().catch(copy) : copy();
};

const statusOf = (err: unknown) => (err as { response?: { status?: number } }).response?.status;

/**
 * The course and, while it is being written, its job. The job poll marks the course stale each
 * time another lesson is done, the step changes or the job ends (use-job.ts), so lessons appear as
 * they finish and a poll that moved nothing does not re-read the course (issue 23 item 4). The
 * first read shows the course overlay; every later one is quiet, and a quiet read that fails keeps
 * what is on screen.
 */
export function useCourse(courseId: string) {
  const client = useQueryClient();
  const key = courseKeys.detail(courseId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => readOrCopy(courseId, () => coursesApi.course(courseId, client.getQueryData(key) !== undefined)),
    // Run even when the browser says it is offline: the downloaded copy answers then.
    networkMode: 'always',
    // The job ended (or cannot be read) but the course still says generando: ask again until it settles.
    refetchInterval: (q) => {
      const course = q.state.data;
      return course?.estado === 'generando' && jobSettled(client, course.jobId) ? polling.courseMs : false;
    },
  });
  const course = query.data;
  const generating = course?.estado === 'generando';
  const { job, lost } = useJob(generating ? course.jobId : undefined);

  /** A write's answer applied to the cached course: every reader of it sees the change at once. */
  const setCourse = (update: (c: CourseDetail | undefined) => CourseDetail | undefined) => client.setQueryData<CourseDetail>(key, update);
  const error = course === undefined && query.error ? { message: errorMessage(query.error, 'No pudimos cargar el curso.'), status: statusOf(query.error) } : undefined;
  /** A read the learner asked for (retry, outline confirmed): with the overlay, like the first. */
  const reload = () => client.fetchQuery({ queryKey: key, queryFn: () => readOrCopy(courseId, () => coursesApi.course(courseId)), staleTime: 0, networkMode: 'always' }).then(
    () => undefined,
    () => undefined, // the failure is the query's error, shown by the page
  );

  return { course, setCourse, error, reload, job: generating ? job : undefined, lost: generating ? lost : undefined };
}
