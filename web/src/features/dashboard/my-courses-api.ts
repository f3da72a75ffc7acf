import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { call } from '../../lib/api';
import { currentUserId } from '../../app/providers/auth-provider';

/** One page of GET /courses/my-courses, newest first; `next` asks for the following page. */
export interface MyCoursesPage {
  data: CourseSummary[];
  next?: string;
  /** Read from this device's downloaded courses, the connection being down (issue 44). */
  sinConexion?: true;
}

/** `background`: a refresh while a course is being written, without the loading overlay. */
export async function myCoursesPage(cursor?: string, background = false): Promise<MyCoursesPage> {
  const res = await call('GET /courses/my-courses', { query: { cursor } }, { silent: background });
  return { data: res.data, ...(res.next && { next: res.next }) };
}

const unanswered = (e: unknown) => Boolean((e as { isAxiosError?: boolean; response?: unknown }).isAxiosError && !(e as { response?: unknown }).response);

/**
 * The first page, or with no connection the courses the learner downloaded (issue 44): `sinConexion` says the
 * list is this device's, not the server's; "Ver más" has nothing to read then. When the browser already says it
 * is offline the downloaded courses answer at once (the client's retries would only wait).
 */
export async function myCoursesOrDownloaded(cursor: string | undefined, background: boolean): Promise<MyCoursesPage> {
  const userId = currentUserId();
  const downloaded = async (): Promise<MyCoursesPage | undefined> => {
    const copies = userId && cursor === undefined ? await (await import('../offline')).downloadedCourses(userId) : [];
    if (!copies.length) return undefined;
    return { data: copies.map((c) => c.curso).sort((a, b) => b.createdAt.localeCompare(a.createdAt)), sinConexion: true };
  };
  const offline = navigator.onLine ? undefined : await downloaded();
  if (offline) return offline;
  try {
    return await myCoursesPage(cursor, background);
  } catch (err) {
    const kept = unanswered(err) ? await downloaded() : undefined;
    if (kept) return kept;
    throw err;
  }
}
