import * as z from 'zod';
import { optionLetter } from './courses';

// Spaced review (issue 15): every question a learner got wrong in an evaluation and every lesson's
// self-check questions become review cards scheduled with FSRS (docs/review.md). A card's id is a
// random UUID the server hands out: nothing about it can be built from a course, module or
// question (issue 20), so the only cards a learner can address are those listed for them.

/** Lessons completed plus cards reviewed per week (Monday to Sunday, the learner's time zone). */
export const WEEKLY_GOAL = 5;
/** Cards one GET /review/due answers; `pendientes` still counts them all. */
export const REVIEW_PAGE = 20;
/** Session lengths a learner may choose (issue 34 item 4): cards per GET /review/due. */
export const REVIEW_SESSION_LENGTHS = [5, 10, 20] as const;
/** New cards (never reviewed) that join review per UTC day; the rest wait in a queue (issue 34 item 4). */
export const NEW_CARDS_PER_DAY = 10;
/** A module's review also brings back this many questions of earlier modules, due or not (issue 32 item 6). */
export const CUMULATIVE_PER_SESSION = 3;

export const CALIFICACIONES = ['otra_vez', 'dificil', 'bien', 'facil'] as const;
export type Calificacion = (typeof CALIFICACIONES)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CARD_ID = new RegExp(`^${UUID}$`);

/** Only the server's random form: ids derived from a question (`<courseId>.m01.p3`, issue 15) address nothing. */
export const isReviewCardId = (value: string) => CARD_ID.test(value);

export const reviewRating = z
  .object({
    calificacion: z.enum(CALIFICACIONES, { error: 'La calificación debe ser otra_vez, dificil, bien o facil' }),
    /**
     * The showing rated: the card's `repasos` as the learner saw it. With it, of two tabs rating one showing
     * the second is refused even when it reads the card after the first wrote it; without it, the count read.
     */
    repasos: z.number({ error: 'El repaso no es válido' }).int('El repaso no es válido').min(0, 'El repaso no es válido').optional(),
  })
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
  /** A module's review (with `courseId`): its cards and earlier modules' (cumulative). */
  moduleId: z.string().regex(/^m\d{2}$/, 'El módulo no es válido').optional(),
  limite: z
    .enum(REVIEW_SESSION_LENGTHS.map(String) as ['5', '10', '20'], { error: 'La sesión debe ser de 5, 10 o 20 preguntas' })
    .transform(Number)
    .optional(),
});

/** A card before the learner answers: the question and, for a multiple-choice one, its options. Never the key. */
export const publicReviewCard = z.object({
  cardId: z.string(),
  courseId: z.string(),
  moduleId: z.string(),
  lessonId: z.string().optional(),
  tipo: z.enum(['opcion_multiple', 'abierta']),
  /** Where the question comes from, e.g. "Evaluación: Variables" or "Lección: Bucles". */
  origen: z.string(),
  enunciado: z.string(),
  opciones: z.array(z.object({ opcion: z.string(), texto: z.string() })).optional(),
  vence: z.string(),
  repasos: z.number(),
});
export type PublicReviewCard = z.infer<typeof publicReviewCard>;

/** After the learner answers (or asks to see the answer of an open card). */
export const reviewSolution = z.object({
  cardId: z.string(),
  /**
   * An evaluation card of a module the learner has not passed yet: no key, no `acierto` (choosing
   * each option in turn would map the key), no `opciones`; `respuesta` is empty and `explicacion`
   * says where to study instead. The answer shows once the module is passed.
   */
  bloqueada: z.literal(true).optional(),
  /** Whether the option chosen was right; absent on open and locked cards. */
  acierto: z.boolean().optional(),
  respuesta: z.string(),
  explicacion: z.string(),
  opciones: z.array(z.object({ opcion: z.string(), texto: z.string(), correcta: z.boolean() })).optional(),
  /** Issue 32, locked evaluation cards: the misconception the option chosen in the evaluation revealed (the same whatever is chosen now). */
  conceptoErroneo: z.string().optional(),
  /** Locked cards: the lesson (and section) to review. */
  repasar: z.object({ lessonId: z.string(), leccion: z.string().optional(), seccion: z.string().optional() }).optional(),
});
export type ReviewSolution = z.infer<typeof reviewSolution>;

export const reviewSummary = z.object({
  pendientes: z.number(),
  metaSemanal: z.object({ meta: z.number(), hechas: z.number(), cumplida: z.boolean() }),
  racha: z.object({ dias: z.number(), hoy: z.boolean() }),
  zonaHoraria: z.string(),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

/**
 * GET /review/due: the next cards and how many are due in all; `nuevasEnCola`, new cards past the
 * day's cap (they join from tomorrow); `proximoRepaso`, when the next card not due yet falls due.
 */
export const dueCards = z.object({
  tarjetas: z.array(publicReviewCard),
  pendientes: z.number(),
  nuevasEnCola: z.number().optional(),
  proximoRepaso: z.string().optional(),
});
export type DueCards = z.infer<typeof dueCards>;

/** POST /review/{cardId}: the card rescheduled, when it comes back, and its solution. */
export const ratedCard = z.object({ tarjeta: publicReviewCard, proximoRepaso: z.string(), solucion: reviewSolution });
export type RatedCard = z.infer<typeof ratedCard>;
