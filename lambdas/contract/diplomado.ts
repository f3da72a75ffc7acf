import * as z from 'zod';
import { id, text } from './common';
import { courseTopic, level } from './courses';
import { COURSE_MODES, COURSE_STATES } from './course-terms';
import { percent } from './course-views';

// The diplomado: a programme of 3-6 courses in order, each generated through the course pipeline.

export const DIPLOMADO_SHAPE = { minCourses: 3, maxCourses: 6 };

export const diplomadoPlanRequest = z
  .object({ topic: courseTopic, level, objetivo: text('El objetivo', 300).optional() })
  .strict();
export type DiplomadoPlanRequest = z.infer<typeof diplomadoPlanRequest>;

const courseIndex = z
  .number({ error: 'El índice del curso debe ser un número' })
  .int('El índice del curso debe ser un número entero')
  .min(0, 'El índice del curso no es válido')
  .max(DIPLOMADO_SHAPE.maxCourses - 1, 'El índice del curso no es válido');

/** One course by `index`, or every course not generated yet with `todos: true`. */
export const diplomadoCourseRequest = z
  .object({
    diplomadoId: id('El diplomado'),
    index: courseIndex.optional(),
    todos: z.literal(true, { error: 'todos solo puede ser verdadero' }).optional(),
  })
  .strict()
  .refine((r) => (r.index === undefined) !== (r.todos === undefined), 'Indica el índice del curso o todos: true, no ambos');
export type DiplomadoCourseRequest = z.infer<typeof diplomadoCourseRequest>;

/** `sin_generar` until the learner asks for it; then the state of the linked course. */
const diplomadoCourseState = z.enum(['sin_generar', ...COURSE_STATES]);
export type DiplomadoCourseState = z.infer<typeof diplomadoCourseState>;

export const diplomadoCourseView = z.object({
  index: z.number(),
  titulo: z.string(),
  descripcion: z.string(),
  objetivos: z.array(z.string()),
  prerrequisitos: z.array(z.string()),
  estado: diplomadoCourseState,
  courseId: z.string().optional(),
  jobId: z.string().optional(),
  progreso: percent,
  /** Spanish, when starting this course's generation failed. */
  error: z.string().optional(),
});
export type DiplomadoCourseView = z.infer<typeof diplomadoCourseView>;

const diplomadoBase = z.object({
  diplomadoId: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  topic: z.string(),
  nivel: level,
  objetivo: z.string().optional(),
  modo: z.enum(COURSE_MODES),
  /** Mean of the courses' percentages; a course not generated yet counts as 0 %. */
  progreso: percent,
  createdAt: z.string(),
});
export const diplomadoView = diplomadoBase.extend({ cursos: z.array(diplomadoCourseView) });
export type DiplomadoView = z.infer<typeof diplomadoView>;

export const diplomadoSummary = diplomadoBase.extend({ cursos: z.number(), generados: z.number() });
export type DiplomadoSummary = z.infer<typeof diplomadoSummary>;

export const diplomadoCourseStart = z.object({
  index: z.number(),
  curso: z.object({ courseId: z.string(), estado: z.enum(COURSE_STATES) }).optional(),
  jobId: z.string().optional(),
  /** Spanish, when this course could not be started (the others are unaffected). */
  error: z.string().optional(),
});
export type DiplomadoCourseStart = z.infer<typeof diplomadoCourseStart>;
