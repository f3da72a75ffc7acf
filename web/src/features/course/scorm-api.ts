import type { ScormPackage } from '../../../../lambdas/contract/scorm';
import { call } from '../../lib/api';

// GET /courses/{id}/scorm (issue 25, docs/scorm.md): the owner's course as a SCORM 1.2 zip, in base64
// inside the usual JSON answer (as the certificate's PDF), saved as a file by the browser.

export const scormApi = {
  package: async (courseId: string) => (await call('GET /courses/{id}/scorm', { params: { id: courseId } }, { loadingMessage: 'Preparando el paquete SCORM...' })).data,
};

/** Saves the zip as `nombreArchivo`. */
export function saveZip({ nombreArchivo, zip }: Pick<ScormPackage, 'nombreArchivo' | 'zip'>) {
  const bytes = Uint8Array.from(atob(zip), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: nombreArchivo });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
