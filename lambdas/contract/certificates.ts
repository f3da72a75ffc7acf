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

/** GET /certificates: the owner's certificates, newest first. */
export interface CertificateSummary {
  certificateId: string;
  tipo: CertificateKind;
  /** The course or diplomado it certifies. */
  sourceId: string;
  titulo: string;
  /** ISO date-time of issue. */
  fecha: string;
  estado: CertificateState;
  /** Relative web path of the public page. */
  verificacion: string;
}

/** GET /certificados/{id} (public): only name, title, date and validity. */
export interface CertificateVerification {
  certificateId: string;
  /** Absent once revoked: the learner deleted the account and their name is no longer published. */
  nombre?: string;
  titulo: string;
  tipo: CertificateKind;
  fecha: string;
  valido: boolean;
  estado: CertificateState;
  revocadoEn?: string;
}

/** GET /certificates/{id}/pdf: the PDF as base64 inside JSON (the web saves it as a file). */
export interface CertificatePdf {
  nombreArchivo: string;
  /** application/pdf, base64. */
  pdf: string;
}

/** Added to the answer of the request that completed a course (progress or evaluation). */
export interface CertificateIssued {
  certificateId: string;
  tipo: CertificateKind;
  titulo: string;
  verificacion: string;
}
