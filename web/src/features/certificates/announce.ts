import type { CertificateIssued } from '../../../../lambdas/contract/certificates';
import { notify } from '../../lib/notify';

type Listener = (issued: CertificateIssued[]) => void;
const listeners = new Set<Listener>();

/**
 * A page that celebrates a finished course itself (the course page, issue 34) takes the news
 * instead of the toast; returns the way to stop listening.
 */
export function listenForCertificates(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The request that finished a course (a lesson completed, an evaluation passed) answers
 * `certificados`: tell the learner where to find it. Passes the response through unchanged.
 */
export function announceCertificates<R extends { data?: { certificados?: CertificateIssued[] } }>(response: R): R {
  const issued = response.data?.certificados ?? [];
  if (!issued.length) return response;
  if (listeners.size) {
    for (const listener of listeners) listener(issued);
    return response;
  }
  for (const c of issued) {
    notify.success(`¡Enhorabuena! Obtuviste el certificado ${c.tipo === 'diplomado' ? 'del diplomado' : 'del curso'} «${c.titulo}». Lo tienes en tu perfil.`);
  }
  return response;
}
