import * as z from 'zod';
import { id } from './common';
import { courseIdSchema } from './courses';
import { REPORT_DETAIL_MAX, REPORT_REASONS, type ReportReason } from './report-reasons';

// "Reportar pregunta" (issue 20): a learner reports a question they were shown in a graded attempt
// (from the result screen or from review). docs/evaluations.md "Reports, statistics and withdrawal".

export { REPORT_REASONS, REPORT_DETAIL_MAX, type ReportReason } from './report-reasons';
const REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** The question by its id (result screen) or by the review card made from it (review screen: card ids are random). */
export const questionReport = z
  .object({
    courseId: courseIdSchema,
    moduleId: id('El módulo'),
    preguntaId: id('La pregunta').optional(),
    cardId: id('La tarjeta').optional(),
    motivo: z.enum(REASON_KEYS, { error: 'Elige un motivo de la lista' }),
    detalle: z.string({ error: 'El comentario debe ser texto' }).trim().max(REPORT_DETAIL_MAX, `El comentario admite como máximo ${REPORT_DETAIL_MAX} caracteres`).optional(),
  })
  .strict()
  .refine((r) => Boolean(r.preguntaId) !== Boolean(r.cardId), { message: 'Indica la pregunta que quieres reportar', path: ['preguntaId'] });
export type QuestionReport = z.infer<typeof questionReport>;

/** The answer to a report: whether the question left the learner's future attempts. */
export const questionReportResult = z.object({ reportada: z.literal(true), retirada: z.boolean() });
export type QuestionReportResult = z.infer<typeof questionReportResult>;
