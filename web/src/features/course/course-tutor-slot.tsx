import type { CourseDetail } from '../../../../lambdas/contract/courses';
import type { Selection } from './course-outline';

/**
 * SLOT for the AI tutor (issue 5): the course page renders this beside the lesson with the course
 * and what the learner is looking at. It renders nothing until the tutor engineer replaces this
 * file with the real panel (same export name and props).
 */
export function CourseTutorSlot(_props: { course: CourseDetail; selection: Selection }) {
  return null;
}
