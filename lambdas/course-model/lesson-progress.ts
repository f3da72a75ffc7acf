import type { LessonProgress } from '../contract';
import type { CourseItem } from './course-items';

// Where a lesson's progress lives (issue 23): the course item's `progresoLecciones` map, which every
// progress write updates (progress-writes.ts); a course from before the map keeps a lesson's state
// on its lesson item until that lesson is next written.

/** The map's key of a lesson. */
export const progressKey = (moduleId: string, lessonId: string) => `${moduleId}/${lessonId}`;

/** A lesson's progress: the course's map, else what its lesson item holds (`fromItem`). */
export const lessonProgress = (course: Pick<CourseItem, 'progresoLecciones'>, moduleId: string, lessonId: string, fromItem?: LessonProgress) =>
  course.progresoLecciones?.[progressKey(moduleId, lessonId)] ?? fromItem;
