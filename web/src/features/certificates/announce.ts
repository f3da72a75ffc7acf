import type { CertificateIssued } from '../../../../lambdas/contract/certificates';
import { notify } from '../../lib/notify';

/**
 * The request that finished a course (a lesson completed, an evaluation passed) answers
 * `certificados`: tell the learner where to find it. Passes the response through unchanged.
 */
export function announceCertificates<R extends { data?: { certificados?: CertificateIssued[] } }>(response: R): R {
  for (const c of response.data?.certificados ?? []) {
    notify.success(`¡Enhorabuena! Obtuviste el certificado ${c.tipo === 'diplomado' ? 'del diplomado' : 'del curso'} «${c.titulo}». Lo tienes en tu perfil.`);
  }
  return response;
}
