import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { api } from '../../lib/api-client';

/** One page of GET /courses/my-courses, newest first; `next` asks for the following page. */
export interface MyCoursesPage {
  data: CourseSummary[];
  next?: string;
}

/** `background`: a refresh while a course is being written, without the loading overlay. */
export async function myCoursesPage(cursor?: string, background = false): Promise<MyCoursesPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const res = await api.get<MyCoursesPage & { success: boolean }>(`/courses/my-courses${query}`, { silent: background });
  return { data: res.data.data, ...(res.data.next && { next: res.data.next }) };
}
