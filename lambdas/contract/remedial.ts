import * as z from 'zod';
import { optionLetter } from './course-terms';
import { objectiveId, type BloomLevel } from './objectives';
import { openAnswerRequest } from './practice';

// The corrective loop (issue 32 item 4, docs/learning.md "The corrective loop"): after an attempt
// that leaves objectives short of mastery ("Te falta"), a "Refuerzo guiado" written for those
// objectives and the misconceptions of the options the learner chose: another explanation, a worked
// example whose later steps the learner completes (faded), and 2–3 practice items with feedback at
// once. Written by a model job (kind `refuerzo`), stored per learner and module, graded by code.

/** Practice items of one piece: the field's 2–3 retrieval items. */
export const REFUERZO_ITEMS = { min: 2, max: 3 } as const;

/** POST …/refuerzo/respuesta: one practice item answered. */
export const remedialAnswer = z
  .object({
    item: z
      .number({ error: 'El ejercicio no es válido' })
      .int('El ejercicio no es válido')
      .min(1, 'El ejercicio no es válido')
      .max(REFUERZO_ITEMS.max, 'El ejercicio no es válido'),
    opcion: optionLetter,
  })
  .strict();
export type RemedialAnswer = z.infer<typeof remedialAnswer>;

/**
 * POST …/refuerzo/abierta (issue 32 item 5): the piece's open question answered in the learner's own
 * words, graded by the open-answer grader as a job (202 + jobId), like a lesson's self-check.
 */
export const remedialOpenAnswer = z.object({ respuesta: openAnswerRequest.shape.respuesta }).strict();
export type RemedialOpenAnswer = z.infer<typeof remedialOpenAnswer>;

/** What a practice answer gets at once: right or not, and why each option is right or wrong. */
export const practiceFeedback = z.object({
  item: z.number(),
  correcta: z.boolean(),
  opcionElegida: optionLetter,
  opciones: z.array(z.object({ opcion: optionLetter, texto: z.string(), correcta: z.boolean(), explicacion: z.string() })),
});
export type PracticeFeedback = z.infer<typeof practiceFeedback>;

/** One step of the worked example: the first ones solved, the later ones left to the learner (`completar`). */
export const workedStep = z.object({ texto: z.string(), solucion: z.string(), completar: z.boolean() });
export type WorkedStep = z.infer<typeof workedStep>;

/** The piece as its learner reads it: no option marked right until that item is answered. */
export const remedialPiece = z.object({
  courseId: z.string(),
  moduleId: z.string(),
  /** The attempt it was written after. */
  intento: z.number(),
  titulo: z.string(),
  objetivos: z.array(z.object({ id: objectiveId, enunciado: z.string() })),
  explicacion: z.string(),
  ejemplo: z.object({ enunciado: z.string(), pasos: z.array(workedStep) }),
  practica: z.array(z.object({
    item: z.number(),
    objetivoId: objectiveId,
    enunciado: z.string(),
    opciones: z.array(z.object({ opcion: optionLetter, texto: z.string() })),
    /** Once answered: the feedback it got (the first answer is the one that counts). */
    respuesta: practiceFeedback.optional(),
  })),
  /** Issue 32 item 5: one short open question ("Explica con tus palabras…", "Aplica… a este caso"); its rubric stays on the server. */
  abierta: z.object({ objetivoId: objectiveId, enunciado: z.string() }).optional(),
  creadoEn: z.string(),
});
export type RemedialPiece = z.infer<typeof remedialPiece>;

/**
 * The job's input, built by the server from the learner's last graded attempt (never from the client):
 * the objectives it left short, each with the misconceptions of the options chosen and the lessons
 * that teach it.
 */
export interface RemedialRequest {
  courseId: string;
  moduleId: string;
  intento: number;
  objetivos: { id: string; enunciado: string; bloom: BloomLevel; conceptosErroneos: string[]; lecciones: string[] }[];
}
