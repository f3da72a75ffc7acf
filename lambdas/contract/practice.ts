import * as z from 'zod';

// Answers in the learner's own words (issue 32 item 5, docs/learning.md "Open answers"): a lesson's
// self-check question answered in a sentence or two, graded by a model against the rubric written
// with the question (the lesson's own answer), as a job the web follows (GET /jobs/{id}).

/** The longest answer graded: a few sentences, never an essay (the grader reads it whole). */
export const OPEN_ANSWER_MAX = 1500;

export const VEREDICTOS = ['correcta', 'parcial', 'incorrecta'] as const;
export type Veredicto = (typeof VEREDICTOS)[number];

/** How a learner reads each verdict. */
export const VEREDICTO_LABEL: Record<Veredicto, string> = { correcta: 'Correcta', parcial: 'Casi: te falta algo', incorrecta: 'Todavía no' };

export const openAnswerRequest = z
  .object({
    pregunta: z.number({ error: 'La pregunta no es válida' }).int('La pregunta no es válida').min(1, 'La pregunta no es válida').max(9, 'La pregunta no es válida'),
    respuesta: z
      .string({ error: 'Escribe tu respuesta' })
      .trim()
      .min(3, 'Escribe tu respuesta con tus palabras')
      .max(OPEN_ANSWER_MAX, `Tu respuesta no puede superar los ${OPEN_ANSWER_MAX} caracteres`),
  })
  .strict();
export type OpenAnswerRequest = z.infer<typeof openAnswerRequest>;

/** What the grader says, in Spanish: the verdict, what was right, what is missing. */
export const openVerdict = z.object({
  veredicto: z.enum(VEREDICTOS),
  acertado: z.string(),
  falta: z.string(),
});
export type OpenVerdict = z.infer<typeof openVerdict>;

/**
 * The grading job's input, built by the server from the stored lesson (never from the client): the
 * question, its rubric, the learner's answer and the objective it measures (`m01.o2`).
 */
export interface GradingRequest {
  courseId: string;
  moduleId: string;
  lessonId: string;
  pregunta: number;
  enunciado: string;
  rubrica: string;
  respuesta: string;
  objetivo?: string;
  /** Where the question lives (`<courseId>.<moduleId>.<lessonId>.q<n>`): its review card's dedupe key. */
  claveOrigen: string;
  /** The lesson's title, for the review card ("Lección: …"). */
  leccion: string;
  /** Where the question comes from, for the review card, when not a lesson's self-check ("Refuerzo guiado: …"). */
  origen?: string;
}
