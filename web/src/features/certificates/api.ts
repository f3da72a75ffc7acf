import type { CertificatePdf, CertificateSummary, CertificateVerification } from '../../../../lambdas/contract/certificates';
import { api } from '../../lib/api-client';

export const certificatesApi = {
  list: () => api.get<{ data: CertificateSummary[] }>('/certificates').then((r) => r.data.data),
  pdf: (id: string) => api.get<{ data: CertificatePdf }>(`/certificates/${encodeURIComponent(id)}/pdf`).then((r) => r.data.data),
  /** Public: works signed out. */
  verify: (id: string) => api.get<{ data: CertificateVerification }>(`/certificados/${encodeURIComponent(id)}`).then((r) => r.data.data),
};

/** The address anyone can open to check a certificate. */
export const verificationUrl = (path: string) => `${window.location.origin}${path}`;

/** Saves the PDF (base64 from the API) as a file. */
export function savePdf({ nombreArchivo, pdf }: CertificatePdf) {
  const bytes = Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: nombreArchivo });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export { formatDate as longDate } from '../../lib/locale';
