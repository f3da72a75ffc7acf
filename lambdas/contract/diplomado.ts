import * as z from 'zod';
import { id, text } from './common';
import { courseTopic, level, type CourseState, type Level, type Percent } from './courses';

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
export type DiplomadoCourseState = 'sin_generar' | CourseState;

export interface DiplomadoCourseView {
  index: number;
  titulo: string;
  descripcion: string;
  objetivos: string[];
  prerrequisitos: string[];
  estado: DiplomadoCourseState;
  courseId?: string;
  jobId?: string;
  progreso: Percent;
  /** Spanish, when starting this course's generation failed. */
  error?: string;
}

export interface DiplomadoView {
  diplomadoId: string;
  titulo: string;
  descripcion: string;
  topic: string;
  nivel: Level;
  objetivo?: string;
  modo: 'ia' | 'demostracion';
  cursos: DiplomadoCourseView[];
  /** Mean of the courses' percentages; a course not generated yet counts as 0 %. */
  progreso: Percent;
  createdAt: string;
}

export type DiplomadoSummary = Omit<DiplomadoView, 'cursos'> & { cursos: number; generados: number };

export interface DiplomadoCourseStart {
  index: number;
  curso?: { courseId: string; estado: CourseState };
  jobId?: string;
  /** Spanish, when this course could not be started (the others are unaffected). */
  error?: string;
}
