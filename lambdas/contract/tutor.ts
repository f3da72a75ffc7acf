import * as z from 'zod';
import { id, text } from './common';

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
  })
  .strict();
export type TutorChatRequest = z.infer<typeof tutorChatRequest>;

export type TutorRole = 'alumno' | 'tutor';
export interface TutorTurn {
  rol: TutorRole;
  /** Markdown for the tutor, plain text for the learner. */
  texto: string;
  fecha: string;
  lessonId?: string;
  /** On tutor turns: the prompt version and model that wrote it (feedback is counted under them). */
  version?: string;
  modelo?: string;
}

/** How the tutor handled a message: a normal explanation, hints on a pending evaluation question, or off-topic. */
export type TutorAnswerKind = 'explicacion' | 'pistas' | 'fuera_de_tema';

export interface TutorQuota {
  limite: number;
  usados: number;
  restantes: number;
  plan: 'gratuito' | 'premium';
  /** When the daily count starts again (ISO, midnight UTC). */
  renuevaEn: string;
}

export interface TutorChatAnswer {
  respuesta: string;
  tipo: TutorAnswerKind;
  /** Follow-up questions the learner can tap. */
  sugerencias: string[];
  cuota: TutorQuota;
  /** Demonstration content from the offline writer, not a model ("Modo demostración"). */
  demo: boolean;
  /** When the answer was written: identifies it for feedback (POST /feedback, tipo "tutor"). */
  fecha: string;
}

export interface TutorContextView {
  courseId: string;
  titulo: string;
  topic: string;
  nivel: string;
  modulos: { moduleId: string; titulo: string; lecciones: { lessonId: string; titulo: string }[] }[];
  leccionActual?: { moduleId: string; lessonId: string; titulo: string; resumen: string };
  progreso: { completadas: number; total: number; porcentaje: number };
  historial: TutorTurn[];
  /** Older turns folded into one line so the prompt stays small. */
  resumenAnterior?: string;
  sugerencias: string[];
  cuota: TutorQuota;
}
