import * as z from 'zod';
import { id, text, uuidId } from './common';

// Courses, lessons, evaluations, progress and generation jobs: requests the API accepts and the
// shapes it answers. docs/pipeline.md explains the life of a course; docs/data-model.md its keys.

export const LEVELS = ['principiante', 'intermedio', 'avanzado'] as const;
export const level = z.enum(LEVELS, { error: 'El nivel debe ser principiante, intermedio o avanzado' });
export type Level = z.infer<typeof level>;

export const courseTopic = text('El tema', 120, 2);

/** Modules and lessons per module a learner may ask for; the defaults are the typical course. */
export const COURSE_SHAPE = { minModules: 2, maxModules: 8, defaultModules: 5, minLessons: 2, maxLessons: 6, defaultLessons: 4 };
/**
 * Share of right answers needed to pass a module evaluation (17 of 20). With EVALUATION_RULES it
 * makes a pass mean knowing the material: docs/evaluations.md shows the binomial tails.
 */
export const PASS_MARK = 85;
export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;
export const optionLetter = z.enum(OPTION_LETTERS, { error: 'La opción debe ser A, B, C o D' });

export const suggestionsRequest = z.object({ topic: courseTopic, level }).strict();
export type SuggestionsRequest = z.infer<typeof suggestionsRequest>;

export const courseSuggestion = z.object({
  titulo: z.string(),
  descripcion: z.string(),
  nivel: level,
  duracionEstimada: z.string(),
  aprenderas: z.array(z.string()),
});
export type CourseSuggestion = z.infer<typeof courseSuggestion>;

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
  })
  .strict();
export type PlanRequest = z.infer<typeof planRequest>;

// `revisando_temario`: the outline is written and waits for the learner's edits (lambdas/contract/outline.ts).
export const COURSE_STATES = ['generando', 'revisando_temario', 'listo', 'error'] as const;
export type CourseState = (typeof COURSE_STATES)[number];
/** `demostracion`: written by the offline writer, not by a model; the UI says "Modo demostración". */
export type CourseMode = 'ia' | 'demostracion';
export const LESSON_PROGRESS = ['en_curso', 'completado'] as const;
export type LessonProgress = (typeof LESSON_PROGRESS)[number] | 'pendiente';
/** Generation state of one lesson or evaluation. */
export type ContentState = 'pendiente' | 'lista' | 'error';

export interface Percent {
  completadas: number;
  total: number;
  porcentaje: number;
}

export interface CourseSummary {
  courseId: string;
  titulo: string;
  descripcion: string;
  topic: string;
  nivel: Level;
  estado: CourseState;
  modo: CourseMode;
  /** Spanish, only when `estado` is `error`. */
  error?: string;
  jobId: string;
  progreso: Percent;
  /** The lesson the learner touched last, to continue from the dashboard. */
  ultimaLeccion?: { moduleId: string; lessonId: string };
  createdAt: string;
  updatedAt: string;
}

export interface LessonView {
  lessonId: string;
  titulo: string;
  resumen: string;
  estado: ContentState;
  /** Markdown; present once `estado` is `lista`. */
  contenido?: string;
  progreso: LessonProgress;
}

export interface EvaluationStatus {
  estado: ContentState;
  preguntas: number;
  intentos: { intento: number; score: number; aprobado: boolean; fecha: string }[];
  aprobada: boolean;
  /** Score (0-100) needed to pass. */
  aprobarCon: number;
}

export interface ModuleView {
  moduleId: string;
  titulo: string;
  descripcion: string;
  /** What the learner will be able to do after the module (from its plan; absent on older courses). */
  objetivos?: string[];
  progreso: Percent;
  lecciones: LessonView[];
  evaluacion: EvaluationStatus;
}

export interface CourseDetail extends CourseSummary {
  objetivos: string[];
  modulos: ModuleView[];
  uso: CourseUsage;
  /** The largest outline this course may have: the size asked for, within the plan (issue 20; the outline editor's limits). */
  temario?: { modulos: number; leccionesPorModulo: number };
}

/** Tokens and estimated cost at list prices (lambdas/shared/ai/model-table.ts), in total and per model id. */
export interface CourseUsage {
  tokensEntrada: number;
  tokensSalida: number;
  modelos: string[];
  costeEstimadoUSD: number;
  porModelo: { modelId: string; tokensEntrada: number; tokensSalida: number; costeEstimadoUSD: number }[];
}

export interface CourseProgress {
  courseId: string;
  progreso: Percent;
  modulos: { moduleId: string; progreso: Percent }[];
  lecciones: { moduleId: string; lessonId: string; estado: LessonProgress }[];
}

export const JOB_STATES = ['en_proceso', 'completado', 'error'] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobStep = 'esquema' | 'contenido' | 'finalizando' | 'completado' | 'error';
/**
 * What a job does: a whole course (the course pipeline), or one model call the API no longer
 * waits on (the model-jobs state machine, docs/pipeline.md).
 */
export type JobKind = 'curso' | 'leccion' | 'evaluacion' | 'sugerencias' | 'diplomado';
/** What a finished job produced, by kind: where the web finds it, or the answer itself. */
export type JobResult =
  | { kind: 'curso'; courseId: string }
  | { kind: 'leccion'; courseId: string; moduleId: string; lessonId: string }
  | { kind: 'evaluacion'; courseId: string; moduleId: string }
  | { kind: 'sugerencias'; sugerencias: CourseSuggestion[] }
  | { kind: 'diplomado'; diplomadoId: string };
export interface JobView {
  jobId: string;
  /** Absent on older course jobs, which are all `curso`. */
  kind: JobKind;
  /** The course the job works on; absent for suggestions and diplomado plans. */
  courseId?: string;
  status: JobState;
  step: JobStep;
  /** Spanish text of the step, for the progress bar. */
  stepLabel: string;
  done: number;
  total: number;
  result?: JobResult;
  error?: string;
  /** The course's estimated model cost at list prices, once the job has finished. */
  costeEstimadoUSD?: number;
  createdAt: string;
  updatedAt: string;
}

/** A course id, in a path (`{id}`) or a body: a UUID, or 400 "El curso no es válido". */
export const courseIdSchema = uuidId('El curso');

/** GET /courses/my-courses?limit=&cursor=: a page of courses, newest first; `next` walks on. */
export const MY_COURSES_PAGE = { default: 50, max: 100 } as const;
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

export const lessonRequest = z
  .object({ courseId: courseIdSchema, moduleId: id('El módulo'), lessonId: id('La lección') })
  .strict();
export type LessonRequest = z.infer<typeof lessonRequest>;

export const evaluationRequest = z
  .object({
    courseId: courseIdSchema,
    moduleId: id('El módulo'),
    /** Asks for a new set of questions even when one exists. */
    regenerar: z.boolean({ error: 'regenerar debe ser verdadero o falso' }).optional(),
  })
  .strict();
export type EvaluationRequest = z.infer<typeof evaluationRequest>;

/**
 * Questions drawn from a module's bank for one attempt, and attempts a learner may make in 24 hours.
 * Pure guessing passes a day's attempts with p ≈ 6·10⁻⁸, knowing half the bank ≈ 5 %, knowing
 * 90 % passes the first attempt ≈ 94 % (docs/evaluations.md; test/unit/evaluations/pass-odds.test.ts).
 */
export const EVALUATION_RULES = { questionsPerAttempt: 20, attemptsPerDay: 2 } as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

/** The evaluation as a learner sees it before answering: no correct option, no explanation. */
export interface PublicEvaluation {
  courseId: string;
  moduleId: string;
  titulo: string;
  aprobarCon: number;
  /** This attempt's set of questions; sent back with the answers. */
  varianteId: string;
  /** Attempts left in the current 24 hours, and when the next one frees up once none are left. */
  intentosRestantesHoy: number;
  proximoIntentoEn?: string;
  preguntas: { preguntaId: string; enunciado: string; opciones: { opcion: OptionLetter; texto: string }[] }[];
}

export const evaluationSubmission = z
  .object({
    answers: z
      .array(z.object({ preguntaId: id('La pregunta'), opcion: optionLetter }).strict(), {
        error: 'Las respuestas deben ser una lista',
      })
      .min(1, 'Responde al menos una pregunta')
      .max(50, 'Demasiadas respuestas'),
    /** The set answered (`PublicEvaluation.varianteId`): a set replaced meanwhile is refused, not graded. */
    varianteId: id('La variante').optional(),
  })
  .strict()
  .refine((s) => new Set(s.answers.map((a) => a.preguntaId)).size === s.answers.length, 'Hay respuestas repetidas para una misma pregunta');
export type EvaluationSubmission = z.infer<typeof evaluationSubmission>;

/** Where to study a question again: its lesson and, when known, the section heading. */
export interface EvaluationReviewPointer {
  lessonId: string;
  leccion: string;
  seccion?: string;
}

/** Every option of a question, explained: only in the answer to a passed attempt. */
export interface EvaluationReview {
  opciones: { opcion: OptionLetter; texto: string; correcta: boolean; explicacion: string }[];
}

export interface EvaluationQuestionResult {
  preguntaId: string;
  enunciado: string;
  correcta: boolean;
  opcionElegida?: OptionLetter;
  /** For a wrong answer: what to review. */
  repasar?: EvaluationReviewPointer;
  /** Only when the attempt passed: the key and why every option is right or wrong. */
  revision?: EvaluationReview;
}

/** A graded attempt. A failed one never carries a correct option or an explanation. */
export interface EvaluationResult {
  intento: number;
  score: number;
  correctas: number;
  total: number;
  aprobado: boolean;
  intentosRestantesHoy: number;
  resultados: EvaluationQuestionResult[];
}
