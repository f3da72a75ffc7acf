import { certificatePath, type CertificatePdf, type CertificateSummary, type CertificateVerification } from '../contract';
import { notFound } from '../shared/errors';
import type { CertificateStore } from './certificate-store';

export const CERTIFICATE_NOT_FOUND = 'No encontramos ese certificado.';
const ID = /^[A-Za-z0-9-]{8,64}$/;

/** A path id that could never name a certificate is simply not found (no key built from it). */
export const certificateIdParam = (value: string | undefined) => {
  if (!value || !ID.test(value)) throw notFound(CERTIFICATE_NOT_FOUND);
  return value;
};

/** GET /certificates: the owner's list, newest first, with each one's state. One Query, then one read per certificate for its state. */
export async function listCertificates(store: CertificateStore, userId: string): Promise<CertificateSummary[]> {
  const pointers = await store.list(userId);
  const items = await Promise.all(pointers.map((p) => store.get(p.certificateId)));
  return pointers
    .map((p, i) => ({ certificateId: p.certificateId, tipo: p.tipo, sourceId: p.sourceId, titulo: p.titulo, fecha: p.fecha, estado: items[i]?.estado ?? 'valido', verificacion: certificatePath(p.certificateId) }))
    .sort((a, b) => b.fecha.localeCompare(a.fecha));
}

/** GET /certificados/{id}, public: name, title, date and validity, nothing else. */
export async function verifyCertificate(store: CertificateStore, certificateId: string): Promise<CertificateVerification> {
  const c = await store.get(certificateId);
  if (!c) throw notFound(CERTIFICATE_NOT_FOUND);
  return {
    certificateId: c.certificateId,
    ...(c.estado === 'valido' && c.nombre && { nombre: c.nombre }),
    titulo: c.titulo,
    tipo: c.tipo,
    fecha: c.fecha,
    valido: c.estado === 'valido',
    estado: c.estado,
    ...(c.revocadoEn && { revocadoEn: c.revocadoEn }),
  };
}

const fileName = (titulo: string) =>
  `certificado-${titulo.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'mentora'}.pdf`;

/** GET /certificates/{id}/pdf: only the owner's, and only while valid (a revoked one is not handed out again). */
export async function certificateFile(store: CertificateStore, userId: string, certificateId: string, siteUrl: string): Promise<CertificatePdf> {
  const c = await store.get(certificateId);
  if (!c || c.userId !== userId || c.estado !== 'valido') throw notFound(CERTIFICATE_NOT_FOUND);
  // pdf-lib (≈ 450 KB minified) is evaluated on the first PDF asked for, not at every cold start:
  // the public verification page and the list share this function and never need it.
  const { certificatePdf } = await import('./pdf');
  const bytes = await certificatePdf(c, `${siteUrl.replace(/\/+$/, '')}${certificatePath(c.certificateId)}`);
  return { nombreArchivo: fileName(c.titulo), pdf: Buffer.from(bytes).toString('base64') };
}
