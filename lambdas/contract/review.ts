import * as z from 'zod';
import { optionLetter } from './courses';

// Spaced review (issue 15): every question a learner got wrong in an evaluation and every lesson's
// self-check questions become review cards scheduled with FSRS (docs/review.md). A card's id is
// derived from where its question lives, so adding the same question twice writes one card.

/** Lessons completed plus cards reviewed per week (Monday to Sunday, the learner's time zone). */
export const WEEKLY_GOAL = 5;
/** Cards one GET /review/due answers; `pendientes` still counts them all. */
export const REVIEW_PAGE = 20;

export const CALIFICACIONES = ['otra_vez', 'dificil', 'bien', 'facil'] as const;
export type Calificacion = (typeof CALIFICACIONES)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CARD_ID = new RegExp(`^${UUID}\\.m\\d{2}\\.(l\\d{2}\\.q\\d{1,2}|p\\d{1,3})$`);

/** `<courseId>.m01.p3` (an evaluation's bank question) or `<courseId>.m01.l02.q1` (a lesson's self-check). */
export const reviewCardId = (courseId: string, moduleId: string, source: { preguntaId: string } | { lessonId: string; index: number }) =>
  'preguntaId' in source ? `${courseId}.${moduleId}.${source.preguntaId}` : `${courseId}.${moduleId}.${source.lessonId}.q${source.index + 1}`;
export const isReviewCardId = (value: string) => CARD_ID.test(value);

export const reviewRating = z
  .object({ calificacion: z.enum(CALIFICACIONES, { error: 'La calificación debe ser otra_vez, dificil, bien o facil' }) })
  .strict();
export type ReviewRating = z.infer<typeof reviewRating>;

/** The learner's answer to a multiple-choice card; open (self-check) cards are revealed without one. */
export const reviewReveal = z.object({ opcion: optionLetter.optional() }).strict();
export type ReviewReveal = z.infer<typeof reviewReveal>;

const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'La zona horaria no es válida');

export const reviewSummaryQuery = z.object({ tz: timeZone.optional() });
export const reviewDueQuery = z.object({
  courseId: z.string().regex(new RegExp(`^${UUID}$`), 'El curso no es válido').optional(),
});

/** A card before the learner answers: the question and, for a multiple-choice one, its options. Never the key. */
export interface PublicReviewCard {
  cardId: string;
  courseId: string;
  moduleId: string;
  lessonId?: string;
  tipo: 'opcion_multiple' | 'abierta';
  /** Where the question comes from, e.g. "Evaluación: Variables" or "Lección: Bucles". */
  origen: string;
  enunciado: string;
  opciones?: { opcion: string; texto: string }[];
  vence: string;
  repasos: number;
}

/** After the learner answers (or asks to see the answer of an open card). */
export interface ReviewSolution {
  cardId: string;
  /** Whether the option chosen was right; absent on open cards. */
  acierto?: boolean;
  respuesta: string;
  explicacion: string;
  opciones?: { opcion: string; texto: string; correcta: boolean }[];
}

export interface ReviewSummary {
  pendientes: number;
  metaSemanal: { meta: number; hechas: number; cumplida: boolean };
  racha: { dias: number; hoy: boolean };
  zonaHoraria: string;
}
