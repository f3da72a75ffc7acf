import * as z from 'zod';
import { id, text } from './common';

// 👍/👎 on a lesson or a tutor answer, with an optional reason (docs/operations.md: reading the
// counts per prompt version). One vote per learner and target: voting again replaces the vote.

export const FEEDBACK_REASON_MAX = 500;

export const feedbackRequest = z
  .object({
    courseId: id('El curso'),
    tipo: z.enum(['leccion', 'tutor'], { error: 'El tipo debe ser "leccion" o "tutor"' }),
    /** For a lesson: lesson ids are positional per module, so both are needed. */
    moduleId: id('El módulo').optional(),
    lessonId: id('La lección').optional(),
    /** For a tutor answer: the answer's `fecha`, which identifies it in the conversation. */
    respuesta: z.iso.datetime({ error: 'La respuesta del tutor no es válida' }).optional(),
    valoracion: z.enum(['positiva', 'negativa'], { error: 'La valoración debe ser "positiva" o "negativa"' }),
    motivo: text('El motivo', FEEDBACK_REASON_MAX).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.tipo === 'leccion' && (!v.moduleId || !v.lessonId)) ctx.addIssue({ code: 'custom', path: ['lessonId'], message: 'Indica el módulo y la lección que valoras' });
    if (v.tipo === 'tutor' && !v.respuesta) ctx.addIssue({ code: 'custom', path: ['respuesta'], message: 'Indica la respuesta del tutor que valoras' });
  });
export type FeedbackRequest = z.infer<typeof feedbackRequest>;

export const feedbackAnswer = z.object({
  valoracion: z.enum(['positiva', 'negativa']),
  /** The prompt version and model the vote is counted under. */
  versionPrompt: z.string(),
  modelo: z.string(),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswer>;
