import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { request } from '../../lib/api';

// GET /courses/{id} as a conditional read (issue 44 item 7, "light on data"): the course answers with a weak
// ETag (lambdas/shared/etag.ts), and every later read of it in this page's life sends that tag back as
// If-None-Match. An unchanged course is a 304 with no body and the copy kept here is used: a revisit, a
// return from the dashboard, and each poll while lessons are written move no lesson text twice. The server
// reads the course (and checks its owner) before comparing: another account in this tab gets its 404, never a 304.

/** The courses read most recently (a bound: a copy is a whole course's Markdown). */
const KEPT = 20;
const kept = new Map<string, { etag: string; curso: CourseDetail }>();

export async function readCourse(courseId: string, silent: boolean): Promise<CourseDetail> {
  const last = kept.get(courseId);
  const res = await request('GET /courses/{id}', { params: { id: courseId } }, {
    silent,
    headers: last ? { 'If-None-Match': last.etag } : undefined,
    validateStatus: (status) => (status >= 200 && status < 300) || (status === 304 && !!last),
  });
  const curso = res.status === 304 && last ? last.curso : res.data.data;
  const etag = (res.headers as Record<string, unknown>).etag;
  kept.delete(courseId);
  if (typeof etag === 'string') kept.set(courseId, { etag, curso });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return curso;
}
