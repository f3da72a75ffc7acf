import * as z from 'zod';
import { id, text } from './common';
import { numberedSource } from './sources';

// The AI tutor: the chat a learner has with a tutor that knows their course. docs/tutor.md explains
// the pedagogy rules, the bounded history and why answers are not streamed.

/** Longest message a learner may send. */
export const TUTOR_MESSAGE_MAX = 2000;
/** Daily tutor messages per plan, unless the deployment configures others (TUTOR_DAILY_LIMIT_*). */
export const TUTOR_DAILY_LIMITS = { gratuito: 20, premium: 200 } as const;

export const tutorChatRequest = z
  .object({
    courseId: id('El curso'),
    /** With lessonId: lesson ids are positional per module (l01 exists in every module). */
    moduleId: id('El módulo').optional(),
    lessonId: id('La lección').optional(),
    message: text('El mensaje', TUTOR_MESSAGE_MAX),
    /** Issue 32: start a practice conversation on this objective of the course (`m02.o3`, objectiveKey). */
    practicar: z.string({ error: 'El objetivo que quieres practicar no es válido' }).regex(/^m\d{2}\.o[1-9]$/, 'El objetivo que quieres practicar no es válido').optional(),
  })
  .strict();
export type TutorChatRequest = z.infer<typeof tutorChatRequest>;

export const tutorRole = z.enum(['alumno', 'tutor']);
export type TutorRole = z.infer<typeof tutorRole>;
export const tutorTurn = z.object({
  rol: tutorRole,
  /** Markdown for the tutor, plain text for the learner. */
  texto: z.string(),
  fecha: z.string(),
  lessonId: z.string().optional(),
  /** On tutor turns: the prompt version and model that wrote it (feedback is counted under them). */
  version: z.string().optional(),
  modelo: z.string().optional(),
  /** On tutor turns of a grounded course: the passages its ` [n]` marks cite. */
  fuentes: z.array(numberedSource).optional(),
});
export type TutorTurn = z.infer<typeof tutorTurn>;

/** How the tutor handled a message: a normal explanation, hints on a pending evaluation question, or off-topic. */
export const tutorAnswerKind = z.enum(['explicacion', 'pistas', 'fuera_de_tema']);
export type TutorAnswerKind = z.infer<typeof tutorAnswerKind>;

export const tutorQuota = z.object({
  limite: z.number(),
  usados: z.number(),
  restantes: z.number(),
  plan: z.enum(['gratuito', 'premium']),
  /** When the daily count starts again (ISO, midnight UTC). */
  renuevaEn: z.string(),
});
export type TutorQuota = z.infer<typeof tutorQuota>;

export const tutorChatAnswer = z.object({
  respuesta: z.string(),
  tipo: tutorAnswerKind,
  /** Follow-up questions the learner can tap. */
  sugerencias: z.array(z.string()),
  cuota: tutorQuota,
  /** Demonstration content from the offline writer, not a model ("Modo demostración"). */
  demo: z.boolean(),
  /** When the answer was written: identifies it for feedback (POST /feedback, tipo "tutor"). */
  fecha: z.string(),
  /** Grounded courses (issue 24): the passages of the learner's materials the answer cites as ` [n]`. */
  fuentes: z.array(numberedSource).optional(),
});
export type TutorChatAnswer = z.infer<typeof tutorChatAnswer>;

/** GET /ai-tutor/context/{id}?moduleId=&lessonId=: the lesson the learner is on. */
export const tutorContextQuery = z.object({ moduleId: id('El módulo').optional(), lessonId: id('La lección').optional() }).strict();

export const tutorContextView = z.object({
  courseId: z.string(),
  titulo: z.string(),
  topic: z.string(),
  nivel: z.string(),
  modulos: z.array(z.object({ moduleId: z.string(), titulo: z.string(), lecciones: z.array(z.object({ lessonId: z.string(), titulo: z.string() })) })),
  leccionActual: z.object({ moduleId: z.string(), lessonId: z.string(), titulo: z.string(), resumen: z.string() }).optional(),
  progreso: z.object({ completadas: z.number(), total: z.number(), porcentaje: z.number() }),
  historial: z.array(tutorTurn),
  /** Older turns folded into one line so the prompt stays small. */
  resumenAnterior: z.string().optional(),
  sugerencias: z.array(z.string()),
  cuota: tutorQuota,
  /** Issue 32: the learner's weakest objectives of the course (learner model), each a "Practiquemos…" button. */
  practicar: z.array(z.object({ objectiveKey: z.string(), enunciado: z.string() })).optional(),
});
export type TutorContextView = z.infer<typeof tutorContextView>;
