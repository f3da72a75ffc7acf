import { lazy, Suspense } from 'react';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import type { Selection } from './course-outline';

// The AI tutor (issue 5, web/src/features/tutor): loaded only on the course page, after the lesson.
const TutorPanel = lazy(() => import('../tutor').then((tutor) => ({ default: tutor.TutorPanel })));

/** The tutor beside the lesson, told which module and lesson the learner is looking at. */
export function CourseTutorSlot({ course, selection }: { course: CourseDetail; selection: Selection }) {
  return (
    <Suspense fallback={null}>
      <TutorPanel
        courseId={course.courseId}
        moduleId={selection.kind === 'none' ? undefined : selection.moduleId}
        lessonId={selection.kind === 'lesson' ? selection.lessonId : undefined}
      />
    </Suspense>
  );
}
