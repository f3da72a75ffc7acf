import * as z from 'zod';

// GET /courses/{id}/scorm (issue 25 part 3, docs/scorm.md): the owner's course as a SCORM 1.2 package.
// Answered as JSON with the zip in base64, as the certificate's PDF is: the size at API Gateway is the
// same as a binary answer (a Lambda's binary body travels base64 too), and the contract checks it.

export const scormPackage = z.object({
  /** `<course title>-scorm12.zip`, safe as a file name. */
  nombreArchivo: z.string(),
  /** application/zip, base64. */
  zip: z.string(),
  /** The zip's size in bytes (before base64). */
  bytes: z.number().int().nonnegative(),
  /** SCOs in the package: one per lesson and one per module evaluation. */
  lecciones: z.number().int().nonnegative(),
  evaluaciones: z.number().int().nonnegative(),
});
export type ScormPackage = z.infer<typeof scormPackage>;
