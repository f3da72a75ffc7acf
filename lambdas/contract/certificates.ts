import * as z from 'zod';

// Certificates (issue 15): issued when a learner finishes a course (every lesson completed, every
// module evaluation passed) or a whole diplomado. The public verification answer carries only
// name, title, date and validity; everything else is for the owner. docs/certificates.md

export const CERTIFICATE_KINDS = ['curso', 'diplomado'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_STATES = ['valido', 'revocado'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** Web path of a certificate's public verification page (the PDF prints the same, absolute). */
export const certificatePath = (certificateId: string) => `/certificados/${certificateId}`;

/** One line of the PDF: a module (course certificate) or a course (diplomado certificate) and its score. */
export interface CertificateLine {
  titulo: string;
  /** Best passing score (0-100); for a diplomado, the average over the course's modules. */
  score: number;
}

const kind = z.enum(CERTIFICATE_KINDS);
const state = z.enum(CERTIFICATE_STATES);

/** GET /certificates: the owner's certificates, newest first. */
export const certificateSummary = z.object({
  certificateId: z.string(),
  tipo: kind,
  /** The course or diplomado it certifies. */
  sourceId: z.string(),
  titulo: z.string(),
  /** ISO date-time of issue. */
  fecha: z.string(),
  estado: state,
  /** Relative web path of the public page. */
  verificacion: z.string(),
});
export type CertificateSummary = z.infer<typeof certificateSummary>;

/** GET /certificados/{id} (public): only name, title, date and validity. */
export const certificateVerification = z.object({
  certificateId: z.string(),
  /** Absent once revoked: the learner deleted the account and their name is no longer published. */
  nombre: z.string().optional(),
  titulo: z.string(),
  tipo: kind,
  fecha: z.string(),
  valido: z.boolean(),
  estado: state,
  revocadoEn: z.string().optional(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

/** GET /certificates/{id}/pdf: the PDF as base64 inside JSON (the web saves it as a file). */
export const certificatePdf = z.object({
  nombreArchivo: z.string(),
  /** application/pdf, base64. */
  pdf: z.string(),
});
export type CertificatePdf = z.infer<typeof certificatePdf>;

/** Added to the answer of the request that completed a course (progress or evaluation). */
export const certificateIssued = z.object({ certificateId: z.string(), tipo: kind, titulo: z.string(), verificacion: z.string() });
export type CertificateIssued = z.infer<typeof certificateIssued>;
