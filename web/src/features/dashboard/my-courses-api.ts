import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { call } from '../../lib/api';

/** One page of GET /courses/my-courses, newest first; `next` asks for the following page. */
export interface MyCoursesPage {
  data: CourseSummary[];
  next?: string;
}

/** `background`: a refresh while a course is being written, without the loading overlay. */
export async function myCoursesPage(cursor?: string, background = false): Promise<MyCoursesPage> {
  const res = await call('GET /courses/my-courses', { query: { cursor } }, { silent: background });
  return { data: res.data, ...(res.next && { next: res.next }) };
}
