import * as z from 'zod';
import { id } from './common';
import { courseIdSchema } from './course-rules';

// POST /lessons' request, apart from courses.ts's other request schemas: a bundle builds a schema file
// whole when it uses anything of it, and the lessons Lambda needs only this. courses.ts re-exports it
// (`export *`).

export const lessonRequest = z
  .object({ courseId: courseIdSchema, moduleId: id('El módulo'), lessonId: id('La lección') })
  .strict();
export type LessonRequest = z.infer<typeof lessonRequest>;
