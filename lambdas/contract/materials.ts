import * as z from 'zod';
import { text } from './common';

// "Mis materiales" (issue 24, docs/materials.md): documents the learner owns, split into passages
// that keep their page, later the sources of a grounded course. This first part takes pasted text;
// file uploads (PDF, .txt, .md through a presigned POST) come with the S3 part.

/**
 * The most pasted text any plan accepts, in characters: requests are at most MAX_BODY_BYTES (64 KB),
 * and Spanish text takes a little more than a byte per character. The plan's own bound
 * (lambdas/plans/plans.ts `materiales.caracteres`) may be lower. Longer documents go as files.
 */
export const MATERIAL_TEXT_MAX = 50_000;
export const MATERIAL_TITLE_MAX = 120;

export const MATERIAL_STATES = ['procesando', 'listo', 'error'] as const;
export type MaterialState = (typeof MATERIAL_STATES)[number];

export const materialRequest = z
  .object({
    titulo: text('El título', MATERIAL_TITLE_MAX).optional(),
    texto: text('El texto', MATERIAL_TEXT_MAX),
  })
  .strict();
export type MaterialRequest = z.infer<typeof materialRequest>;

export const materialView = z.object({
  materialId: z.string(),
  titulo: z.string(),
  origen: z.enum(['texto']),
  estado: z.enum(MATERIAL_STATES),
  /** Why the material is in `error`, in words the learner can act on. */
  motivo: z.string().optional(),
  caracteres: z.number().int(),
  paginas: z.number().int(),
  /** Passages stored so far (all of them once `listo`). */
  pasajes: z.number().int(),
  creadoEn: z.string(),
});
export type MaterialView = z.infer<typeof materialView>;
