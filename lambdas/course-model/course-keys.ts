import { userPk } from '../shared/table';

// Every course item lives in its learner's partition (USER#<sub>) under `COURSE#<courseId>`, so
// one Query with begins_with reads a whole course and no key can reach another learner's items.
// Course ids are UUIDs (fixed length), so one course's prefix never matches another course.
// docs/data-model.md lists the access patterns.

export const courseSk = (courseId: string) => `COURSE#${courseId}`;
export const lessonSk = (courseId: string, moduleId: string, lessonId: string) => `COURSE#${courseId}#L#${moduleId}#${lessonId}`;
export const evaluationSk = (courseId: string, moduleId: string) => `COURSE#${courseId}#E#${moduleId}`;
export const jobSk = (jobId: string) => `JOB#${jobId}`;

export const courseKey = (userId: string, courseId: string) => ({ pk: userPk(userId), sk: courseSk(courseId) });
export const lessonKey = (userId: string, courseId: string, moduleId: string, lessonId: string) => ({
  pk: userPk(userId),
  sk: lessonSk(courseId, moduleId, lessonId),
});
export const evaluationKey = (userId: string, courseId: string, moduleId: string) => ({ pk: userPk(userId), sk: evaluationSk(courseId, moduleId) });
export const jobKey = (userId: string, jobId: string) => ({ pk: userPk(userId), sk: jobSk(jobId) });

/** gsi1: a learner's courses, newest first, without reading their lessons. */
export const myCoursesGsi = (userId: string) => `COURSES#${userId}`;

/** Module and lesson ids are positional and zero-padded so the sort key keeps the course order. */
export const moduleIdAt = (index: number) => `m${String(index + 1).padStart(2, '0')}`;
export const lessonIdAt = (index: number) => `l${String(index + 1).padStart(2, '0')}`;

/** Which kind of course item a sort key names. */
export function parseCourseSk(sk: string): { kind: 'course' | 'lesson' | 'evaluation' | 'other'; moduleId?: string; lessonId?: string } {
  const parts = sk.split('#');
  if (parts.length === 2) return { kind: 'course' };
  if (parts[2] === 'L') return { kind: 'lesson', moduleId: parts[3], lessonId: parts[4] };
  if (parts[2] === 'E') return { kind: 'evaluation', moduleId: parts[3] };
  return { kind: 'other' };
}
