import * as z from 'zod';
import { text } from './common';
import { MATERIAL_TEXT_MAX } from './material-limits';

// "Mis materiales" (issue 24, docs/materials.md): documents the learner owns, split into passages
// that keep their page, the sources of a grounded course. Pasted text is processed within the request;
// a file (PDF, .txt, .md, .docx) goes from the browser straight to S3 through a presigned POST and is
// processed by a job (lambdas/materials/process-upload.ts).

/** The most pasted text any plan accepts (its own file: lambdas/plans reads it without building these schemas). */
export { MATERIAL_TEXT_MAX };
export const MATERIAL_TITLE_MAX = 120;

export const MATERIAL_STATES = ['procesando', 'listo', 'error'] as const;
export type MaterialState = (typeof MATERIAL_STATES)[number];

/** The file types a learner may upload, by the Content-Type the browser sends (and S3's policy enforces). */
export const MATERIAL_FILE_TYPES = [
  'application/pdf',
  'text/plain',
  'text/markdown',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type MaterialFileType = (typeof MATERIAL_FILE_TYPES)[number];
export const MATERIAL_FILE_NAME_MAX = 200;

const TYPE_REFUSED = 'Ese tipo de archivo no se admite: sube un PDF, un .txt, un .md o un .docx.';

/** A file the browser is about to upload: its name, its type and its size (checked again on the object itself). */
export const materialFile = z
  .object({
    nombre: text('El nombre del archivo', MATERIAL_FILE_NAME_MAX),
    tipo: z.enum(MATERIAL_FILE_TYPES, { error: TYPE_REFUSED }),
    bytes: z
      .number({ error: 'El tamaño del archivo es obligatorio' })
      .int('El tamaño del archivo no es válido')
      .min(1, 'El archivo está vacío.'),
  })
  .strict();
export type MaterialFile = z.infer<typeof materialFile>;

// One object rather than a union: `{}` or `{ titulo }` answers "El texto es obligatorio" (not zod's
// generic union message), and text and a file together are refused plainly.
export const materialRequest = z
  .object({
    titulo: text('El título', MATERIAL_TITLE_MAX).optional(),
    texto: text('El texto', MATERIAL_TEXT_MAX).optional(),
    archivo: materialFile.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.texto === undefined && body.archivo === undefined) ctx.addIssue({ code: 'custom', path: ['texto'], message: 'El texto es obligatorio' });
    if (body.texto !== undefined && body.archivo !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['archivo'], message: 'Envía un texto o un archivo, no los dos.' });
    }
  });
export type MaterialRequest = z.infer<typeof materialRequest>;

export const materialView = z.object({
  materialId: z.string(),
  titulo: z.string(),
  origen: z.enum(['texto', 'archivo']),
  estado: z.enum(MATERIAL_STATES),
  /** For `archivo`: the file's Content-Type and size as declared (the job checks the object itself). */
  tipo: z.string().optional(),
  bytes: z.number().int().optional(),
  /** Pages processed so far, while `procesando` (a file's extraction job). */
  progreso: z.object({ hechas: z.number().int(), total: z.number().int() }).optional(),
  /** Why the material is in `error`, in words the learner can act on. */
  motivo: z.string().optional(),
  caracteres: z.number().int(),
  paginas: z.number().int(),
  /** Passages stored so far (all of them once `listo`). */
  pasajes: z.number().int(),
  creadoEn: z.string(),
});
export type MaterialView = z.infer<typeof materialView>;

/**
 * The form the browser posts the file with (multipart/form-data to `url`: every `campos` entry, then
 * the field `file` last, S3's rule; S3 answers 204). Valid until `expiraEn` (5 minutes).
 */
export const materialUpload = z.object({
  url: z.string(),
  campos: z.record(z.string(), z.string()),
  expiraEn: z.string(),
});
export type MaterialUpload = z.infer<typeof materialUpload>;

/** POST /materials answers the material, and for a file the upload form. */
export const materialCreated = materialView.extend({ subida: materialUpload.optional() });
export type MaterialCreated = z.infer<typeof materialCreated>;

/** GET /materials/{id}: for a file, a presigned GET of the original (5 minutes, inline; the web adds `#page=N`). */
export const materialDetail = materialView.extend({ documentoUrl: z.string().optional() });
export type MaterialDetail = z.infer<typeof materialDetail>;
