import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { errorMessage } from '../../lib/error-message';
import { coursesApi } from './api';
import { polling } from '../../lib/polling';
import { courseKeys } from '../../lib/course-keys';
import { jobSettled, useJob } from './use-job';
import { currentUserId } from '../../app/providers/auth-provider';

/** No answer at all (offline, the server unreachable): axios's error without a response. */
const unanswered = (e: unknown) => Boolean((e as { isAxiosError?: boolean; response?: unknown }).isAxiosError && !(e as { response?: unknown }).response);

/**
 * The course from the server or, with no connection, the copy the learner downloaded (issue 44; the offline
 * room loads only then). The copy is what the server answered at download time; the page says so (DownloadPanel).
 * When the browser already says it is offline the copy answers at once (the client's retries would only wait).
 */
async function readOrCopy(courseId: string, read: () => Promise<CourseDetail>): Promise<CourseDetail> {
  const userId = currentUserId();
  const copy = async () => (userId ? (await import('../offline')).downloadedCourse(userId, courseId) : undefined);
  const offline = navigator.onLine ? undefined : await copy();
  if (offline) return offline.curso;
  try {
    return await read();
  } catch (err) {
    const kept = unanswered(err) ? await copy() : undefined;
    if (kept) return kept.curso;
    throw err;
  }
}

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
