import * as z from 'zod';
import { id } from './common';
import { courseIdSchema } from './course-rules';
import { optionLetter } from './course-terms';

// The evaluations' requests (a set of questions, an attempt), apart from courses.ts's other request
// schemas: a bundle builds a schema file whole when it uses anything of it, and the evaluations Lambda
// needs only these. courses.ts re-exports them (`export *`).

export const evaluationRequest = z
  .object({
    courseId: courseIdSchema,
    moduleId: id('El módulo'),
    /** Asks for a new set of questions even when one exists. */
    regenerar: z.boolean({ error: 'regenerar debe ser verdadero o falso' }).optional(),
  })
  .strict();
export type EvaluationRequest = z.infer<typeof evaluationRequest>;

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
