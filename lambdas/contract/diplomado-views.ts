import * as z from 'zod';
import { COURSE_MODES, COURSE_STATES, level } from './course-terms';
import { percent } from './course-views';

// The diplomado as the API answers it (lambdas/contract/endpoints.ts checks handlers against these).

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
