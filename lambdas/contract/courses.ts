import * as z from 'zod';
import { id, text, uuidId } from './common';
import { COURSE_SHAPE, MY_COURSES_PAGE, courseTopic } from './course-rules';
import { LESSON_PROGRESS, level } from './course-terms';
import { COURSE_MATERIALS_MAX } from './sources';

// The words and the answer shapes live in their own files; this module re-exports them so
// `contract/courses` stays the one name for everything about courses.
export * from './course-terms';
export * from './course-views';
// Also in a file of their own: the course model, the plans and the prompts read them in nearly every
// bundle, and taking them from here built this file's request schemas at every cold start. Through
// `export *`, never `export { } from`: esbuild then binds an import straight to course-rules.ts.
export * from './course-rules';
// The lessons' and the evaluations' requests too, so those Lambdas build only their own schemas.
export * from './lesson-request';
export * from './evaluation-requests';

// Courses, lessons, evaluations, progress and generation jobs: requests the API accepts and the
// shapes it answers. docs/pipeline.md explains the life of a course; docs/data-model.md its keys.

export const suggestionsRequest = z.object({ topic: courseTopic, level }).strict();
export type SuggestionsRequest = z.infer<typeof suggestionsRequest>;

export const planRequest = z
  .object({
    topic: courseTopic,
    level,
    objetivos: z.array(text('Cada objetivo', 200)).max(8, 'Indica como máximo 8 objetivos').optional(),
    modulos: z
      .number({ error: 'El número de módulos debe ser un número' })
      .int('El número de módulos debe ser entero')
      .min(COURSE_SHAPE.minModules, `El curso debe tener al menos ${COURSE_SHAPE.minModules} módulos`)
      .max(COURSE_SHAPE.maxModules, `El curso puede tener como máximo ${COURSE_SHAPE.maxModules} módulos`)
      .optional(),
    leccionesPorModulo: z
      .number({ error: 'Las lecciones por módulo deben ser un número' })
      .int('Las lecciones por módulo deben ser un número entero')
      .min(COURSE_SHAPE.minLessons, `Cada módulo debe tener al menos ${COURSE_SHAPE.minLessons} lecciones`)
      .max(COURSE_SHAPE.maxLessons, `Cada módulo puede tener como máximo ${COURSE_SHAPE.maxLessons} lecciones`)
      .optional(),
    /** Stop after the outline so the learner edits it (lambdas/contract/outline.ts). */
    revisarTemario: z.boolean({ error: 'Revisar el temario debe ser verdadero o falso' }).optional(),
    /**
     * Issue 24: build the course from these materials of the learner (each owned and `listo`, checked
     * by the handler: 404 / 409). Absent: a course from the topic alone, as before.
     */
    materiales: z
      .array(uuidId('El material'), { error: 'Los materiales deben ser una lista' })
      .min(1, 'Elige al menos un material')
      .max(COURSE_MATERIALS_MAX, `Puedes usar como máximo ${COURSE_MATERIALS_MAX} materiales por curso`)
      .refine((ids) => new Set(ids).size === ids.length, 'Hay materiales repetidos')
      .optional(),
  })
  .strict();
export type PlanRequest = z.infer<typeof planRequest>;

export const myCoursesQuery = z
  .object({
    limit: z.coerce
      .number({ error: 'El límite debe ser un número' })
      .int('El límite debe ser un número entero')
      .min(1, 'El límite debe ser al menos 1')
      .max(MY_COURSES_PAGE.max, `El límite puede ser como máximo ${MY_COURSES_PAGE.max}`)
      .optional(),
    cursor: z.string({ error: 'El cursor de la lista no es válido' }).min(1, 'El cursor de la lista no es válido').max(2048, 'El cursor de la lista no es válido').optional(),
  })
  .strict();
export type MyCoursesQuery = z.infer<typeof myCoursesQuery>;

export const progressRequest = z
  .object({
    moduleId: id('El módulo'),
    lessonId: id('La lección'),
    estado: z.enum(LESSON_PROGRESS, { error: 'El estado debe ser en_curso o completado' }),
  })
  .strict();
export type ProgressRequest = z.infer<typeof progressRequest>;
