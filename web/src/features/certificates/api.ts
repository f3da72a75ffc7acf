import type { CertificatePdf } from '../../../../lambdas/contract/certificates';
import { call } from '../../lib/api';

export const certificatesApi = {
  list: async () => (await call('GET /certificates', {})).data,
  pdf: async (id: string) => (await call('GET /certificates/{id}/pdf', { params: { id } })).data,
  /** Public: works signed out. */
  verify: async (id: string) => (await call('GET /certificados/{id}', { params: { id } })).data,
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
