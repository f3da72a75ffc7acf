import type { QueryClient } from '@tanstack/react-query';

// The cache keys of everything course-shaped the SPA reads (issue 21 item 3). One place, so a write
// invalidates exactly what it changes: `courseKeys.all` covers every course read, `mine()` the
// dashboard's list (its pages), `detail(id)` one course, `job(id)` one generation job.
export const courseKeys = {
  all: ['courses'] as const,
  mine: () => ['courses', 'mine'] as const,
  detail: (courseId: string) => ['courses', 'detail', courseId] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  /**
   * One round of a module's evaluation (its questions). Outside the `courses` root on purpose: a graded
   * attempt marks course reads stale, and re-reading this round would draw other questions under the
   * result on screen. A retry is a new round, so it is a new read.
   */
  evaluation: (courseId: string, moduleId: string, round: number) => ['evaluations', courseId, moduleId, round] as const,
};

/**
 * A write changed a course (progress, a pass, a retry, a new course): every cached course read is
 * stale from now on, so the next page that shows one asks again. Nothing is re-read here: the page
 * that wrote applies the answer to what it shows (setQueryData), and no other page is open.
 */
export const coursesChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: courseKeys.all, refetchType: 'none' });
