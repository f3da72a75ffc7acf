import * as z from 'zod';

// The words a course is described with (levels, states, option letters), apart from the request
// and answer schemas that use them so both can import them without importing each other.

export const LEVELS = ['principiante', 'intermedio', 'avanzado'] as const;
export const level = z.enum(LEVELS, { error: 'El nivel debe ser principiante, intermedio o avanzado' });
export type Level = z.infer<typeof level>;

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;
export const optionLetter = z.enum(OPTION_LETTERS, { error: 'La opción debe ser A, B, C o D' });
export type OptionLetter = (typeof OPTION_LETTERS)[number];

// `revisando_temario`: the outline is written and waits for the learner's edits (lambdas/contract/outline.ts).
export const COURSE_STATES = ['generando', 'revisando_temario', 'listo', 'error'] as const;
export type CourseState = (typeof COURSE_STATES)[number];
/** `demostracion`: written by the offline writer, not by a model; the UI says "Modo demostración". */
export const COURSE_MODES = ['ia', 'demostracion'] as const;
export type CourseMode = (typeof COURSE_MODES)[number];
export const LESSON_PROGRESS = ['en_curso', 'completado'] as const;
export type LessonProgress = (typeof LESSON_PROGRESS)[number] | 'pendiente';
/** Generation state of one lesson or evaluation. */
export const CONTENT_STATES = ['pendiente', 'lista', 'error'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

export const JOB_STATES = ['en_proceso', 'completado', 'error'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_STEPS = ['esquema', 'contenido', 'finalizando', 'completado', 'error'] as const;
export type JobStep = (typeof JOB_STEPS)[number];
/**
 * What a job does: a whole course (the course pipeline), or one model call the API no longer
 * waits on (the model-jobs state machine, docs/pipeline.md).
 */
export const JOB_KINDS = ['curso', 'leccion', 'evaluacion', 'sugerencias', 'diplomado', 'respuesta', 'refuerzo'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
