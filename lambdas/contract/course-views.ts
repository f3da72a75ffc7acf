import * as z from 'zod';
import {
  CONTENT_STATES, COURSE_MODES, COURSE_STATES, JOB_KINDS, JOB_STATES, JOB_STEPS, LESSON_PROGRESS, level, optionLetter,
} from './course-terms';
import { courseMaterial, materialSource, numberedSource } from './sources';
import { courseShare } from './sharing';
import { VEREDICTOS } from './practice';
import { bloomLevel, objective, objectiveId } from './objectives';

// What the API answers about courses, lessons, evaluations and jobs. Zod schemas, so handlers'
// answers are checked against them in tests (lambdas/shared/reply-check.ts) and the web parses them
// in development (web/src/lib/api.ts); the TypeScript types are inferred from them.

const lessonProgress = z.enum([...LESSON_PROGRESS, 'pendiente']);

export const percent = z.object({ completadas: z.number(), total: z.number(), porcentaje: z.number() });
export type Percent = z.infer<typeof percent>;

export const courseSuggestion = z.object({
  titulo: z.string(),
  descripcion: z.string(),
  nivel: level,
  duracionEstimada: z.string(),
  aprenderas: z.array(z.string()),
});
export type CourseSuggestion = z.infer<typeof courseSuggestion>;

export const courseSummary = z.object({
  courseId: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  topic: z.string(),
  nivel: level,
  estado: z.enum(COURSE_STATES),
  modo: z.enum(COURSE_MODES),
  /** Spanish, only when `estado` is `error`. */
  error: z.string().optional(),
  jobId: z.string(),
  progreso: percent,
  /** The lesson the learner touched last, to continue from the dashboard. */
  ultimaLeccion: z.object({ moduleId: z.string(), lessonId: z.string() }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

export const lessonView = z.object({
  lessonId: z.string(),
  titulo: z.string(),
  resumen: z.string(),
  estado: z.enum(CONTENT_STATES),
  /** Markdown; present once `estado` is `lista`. */
  contenido: z.string().optional(),
  progreso: lessonProgress,
  /** Grounded courses (issue 24): the passages the content cites as ` [n]`, by n. */
  fuentes: z.array(numberedSource).optional(),
  /** Issue 32: the ids of the module's objectives this lesson teaches (its own one on older courses). */
  objetivos: z.array(objectiveId).optional(),
});
export type LessonView = z.infer<typeof lessonView>;

export const evaluationStatus = z.object({
  estado: z.enum(CONTENT_STATES),
  preguntas: z.number(),
  intentos: z.array(z.object({ intento: z.number(), score: z.number(), aprobado: z.boolean(), fecha: z.string() })),
  aprobada: z.boolean(),
  /** Score (0-100) needed to pass. */
  aprobarCon: z.number(),
});
export type EvaluationStatus = z.infer<typeof evaluationStatus>;

export const moduleView = z.object({
  moduleId: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  /**
   * What the learner will be able to do after the module (issue 32: objectives as data,
   * contract/objectives.ts): stored, or one per lesson on courses from before.
   */
  objetivos: z.array(objective).optional(),
  progreso: percent,
  lecciones: z.array(lessonView),
  evaluacion: evaluationStatus,
});
export type ModuleView = z.infer<typeof moduleView>;

/** Tokens and estimated cost at list prices (lambdas/shared/ai/model-table.ts), in total and per model id. */
export const courseUsage = z.object({
  tokensEntrada: z.number(),
  tokensSalida: z.number(),
  modelos: z.array(z.string()),
  costeEstimadoUSD: z.number(),
  // Of tokensEntrada, those read from / written to the prompt cache (billed at the model's cache prices), when any.
  porModelo: z.array(z.object({ modelId: z.string(), tokensEntrada: z.number(), tokensSalida: z.number(), tokensCacheLeidos: z.number().optional(), tokensCacheEscritos: z.number().optional(), costeEstimadoUSD: z.number() })),
});
export type CourseUsage = z.infer<typeof courseUsage>;

export const courseDetail = courseSummary.extend({
  objetivos: z.array(z.string()),
  modulos: z.array(moduleView),
  uso: courseUsage,
  /** The largest outline this course may have: the size asked for, within the plan (issue 20; the outline editor's limits). */
  temario: z.object({ modulos: z.number(), leccionesPorModulo: z.number() }).optional(),
  /** The learner's materials the course was built from (issue 24); absent for a course from a topic. */
  materiales: z.array(courseMaterial).optional(),
  /** Issue 25: the owner's public link and the copies made (docs/sharing.md); absent while not shared. */
  compartido: courseShare.optional(),
  /** Issue 42: the outline is still being written; its modules appear one by one as they are complete. */
  temarioParcial: z.literal(true).optional(),
});
export type CourseDetail = z.infer<typeof courseDetail>;

export const courseProgress = z.object({
  courseId: z.string(),
  progreso: percent,
  modulos: z.array(z.object({ moduleId: z.string(), progreso: percent })),
  lecciones: z.array(z.object({ moduleId: z.string(), lessonId: z.string(), estado: lessonProgress })),
});
export type CourseProgress = z.infer<typeof courseProgress>;

/** After a progress write: the server's percentages and the lesson's new state. */
export const progressAnswer = z.object({
  courseId: z.string(),
  progreso: percent,
  modulos: z.array(z.object({ moduleId: z.string(), progreso: percent })),
  leccion: z.object({ moduleId: z.string(), lessonId: z.string(), estado: z.enum(LESSON_PROGRESS) }),
});
export type ProgressAnswer = z.infer<typeof progressAnswer>;

/** What a finished job produced, by kind: where the web finds it, or the answer itself. */
export const jobResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('curso'), courseId: z.string() }),
  z.object({ kind: z.literal('leccion'), courseId: z.string(), moduleId: z.string(), lessonId: z.string() }),
  z.object({ kind: z.literal('evaluacion'), courseId: z.string(), moduleId: z.string() }),
  z.object({ kind: z.literal('sugerencias'), sugerencias: z.array(courseSuggestion) }),
  z.object({ kind: z.literal('diplomado'), diplomadoId: z.string() }),
  // Issue 32: an open answer graded (lambdas/review/open-answers.ts).
  z.object({ kind: z.literal('respuesta'), veredicto: z.enum(VEREDICTOS), acertado: z.string(), falta: z.string() }),
  // Issue 32 item 4: a Refuerzo guiado written (lambdas/evaluations/remedial.ts); POST …/refuerzo opens it.
  z.object({ kind: z.literal('refuerzo'), courseId: z.string(), moduleId: z.string() }),
]);
export type JobResult = z.infer<typeof jobResult>;

export const jobView = z.object({
  jobId: z.string(),
  kind: z.enum(JOB_KINDS),
  /** The course the job works on; absent for suggestions and diplomado plans. */
  courseId: z.string().optional(),
  status: z.enum(JOB_STATES),
  step: z.enum(JOB_STEPS),
  /** Spanish text of the step, for the progress bar. */
  stepLabel: z.string(),
  done: z.number(),
  total: z.number(),
  result: jobResult.optional(),
  error: z.string().optional(),
  /** The course's estimated model cost at list prices, once the job has finished. */
  costeEstimadoUSD: z.number().optional(),
  /**
   * While the course waits for the model budget (issue 23): how many courses asked for before it wait
   * too, and (issue 35) the minutes until the budget reaches it, at least 1.
   */
  cola: z.object({ porDelante: z.number().int().min(0), minutos: z.number().int().min(1).optional() }).optional(),
  /**
   * The outline is written and waits for the learner (issue 15; the course is `revisando_temario`). Part of what
   * the job shows, so a page following the job sees it change and reads the course again.
   */
  revisandoTemario: z.literal(true).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof jobView>;

/** The evaluation as a learner sees it before answering: no correct option, no explanation. */
export const publicEvaluation = z.object({
  courseId: z.string(),
  moduleId: z.string(),
  titulo: z.string(),
  aprobarCon: z.number(),
  /** This attempt's set of questions; sent back with the answers. */
  varianteId: z.string(),
  /** Attempts left in the current 24 hours, and when the next one frees up once none are left. */
  intentosRestantesHoy: z.number(),
  proximoIntentoEn: z.string().optional(),
  preguntas: z.array(z.object({
    preguntaId: z.string(),
    enunciado: z.string(),
    opciones: z.array(z.object({ opcion: optionLetter, texto: z.string() })),
  })),
});
export type PublicEvaluation = z.infer<typeof publicEvaluation>;

/** Where to study a question again: its lesson and, when known, the section heading. */
export const evaluationReviewPointer = z.object({ lessonId: z.string(), leccion: z.string(), seccion: z.string().optional() });
export type EvaluationReviewPointer = z.infer<typeof evaluationReviewPointer>;

/** Every option of a question, explained: only in the answer to a passed attempt. */
export const evaluationReview = z.object({
  opciones: z.array(z.object({ opcion: optionLetter, texto: z.string(), correcta: z.boolean(), explicacion: z.string() })),
});
export type EvaluationReview = z.infer<typeof evaluationReview>;

export const evaluationQuestionResult = z.object({
  preguntaId: z.string(),
  enunciado: z.string(),
  correcta: z.boolean(),
  opcionElegida: optionLetter.optional(),
  /** For a wrong answer: what to review. */
  repasar: evaluationReviewPointer.optional(),
  /** Only when the attempt passed: the key and why every option is right or wrong. */
  revision: evaluationReview.optional(),
  /** Grounded courses: the passage of the learner's material the question was drawn from (only once answered). */
  fuente: materialSource.optional(),
  /** Issue 32: the module objective the question measures. */
  objetivoId: objectiveId.optional(),
  /** Issue 32, a wrong answer: the misconception the chosen option reveals (never which option was right). */
  conceptoErroneo: z.string().optional(),
});
export type EvaluationQuestionResult = z.infer<typeof evaluationQuestionResult>;

export const FEEDBACK_STATES = ['domina', 'incierto', 'falta'] as const;
export const feedbackStateSchema = z.enum(FEEDBACK_STATES);
export type FeedbackState = z.infer<typeof feedbackStateSchema>;
/** An objective's state in a result, also one from before `estado` (where `domina` false meant "Te falta"). */
export const feedbackState = (o: { domina: boolean; estado?: FeedbackState }): FeedbackState => o.estado ?? (o.domina ? 'domina' : 'falta');

/** Issue 32: what an attempt showed about one objective, and where to study it when it fell short. */
export const objectiveFeedback = z.object({
  id: objectiveId,
  enunciado: z.string(),
  bloom: bloomLevel,
  correctas: z.number(),
  total: z.number(),
  /** True only when `estado` is `domina` (kept for results read before `estado`: there false meant "Te falta"). */
  domina: z.boolean(),
  /**
   * Issue 41: "Dominas" (`domina`), "Te falta" (`falta`: the learner model's posterior, every answer
   * so far, agrees it is not known) or "Aún no está claro" (`incierto`: too little evidence either
   * way; offered practice, never counted as mastered). Absent in results from before: read `domina`.
   */
  estado: feedbackStateSchema.optional(),
  /** The misconceptions behind the wrong options chosen, in plain Spanish, without repeats. */
  conceptosErroneos: z.array(z.string()),
  /** The lessons (and sections) to study; empty when mastered. */
  repasar: z.array(evaluationReviewPointer),
});
export type ObjectiveFeedback = z.infer<typeof objectiveFeedback>;

/** A graded attempt. A failed one never carries a correct option or an explanation. */
export const evaluationResult = z.object({
  intento: z.number(),
  score: z.number(),
  correctas: z.number(),
  total: z.number(),
  aprobado: z.boolean(),
  intentosRestantesHoy: z.number(),
  resultados: z.array(evaluationQuestionResult),
  /** Issue 32: per objective of the module, what the attempt showed ("Dominas") and not ("Te falta"). */
  objetivos: z.array(objectiveFeedback).optional(),
});
export type EvaluationResult = z.infer<typeof evaluationResult>;
