import { randomUUID } from 'node:crypto';
import { certificatePath, type CertificateIssued, type CertificateKind, type CertificateLine } from '../contract';
import { clock } from '../shared/clock';
import type { CertificateItem } from './certificate-items';
import type { CertificateStore } from './certificate-store';
import { average, finishedCourseLines, finishedDiplomadoLines } from './completion';
import type { CompletionSource } from './completion-source';

export interface IssueDeps {
  certificates: CertificateStore;
  source: CompletionSource;
  /** Certificate ids: random UUIDs, so a verification URL cannot be guessed from another. */
  newId?: () => string;
}

interface Draft { tipo: CertificateKind; sourceId: string; titulo: string; nivel?: string; lineas: CertificateLine[] }

async function issueOne(deps: IssueDeps, userId: string, nombre: string, d: Draft): Promise<CertificateIssued | undefined> {
  const certificateId = (deps.newId ?? randomUUID)();
  const fecha = clock.now().toISOString();
  const item: CertificateItem = { certificateId, userId, nombre, tipo: d.tipo, sourceId: d.sourceId, titulo: d.titulo, ...(d.nivel && { nivel: d.nivel }), fecha, lineas: d.lineas, estado: 'valido' };
  const issued = await deps.certificates.issue(item, { certificateId, tipo: d.tipo, sourceId: d.sourceId, titulo: d.titulo, fecha, promedio: average(d.lineas) });
  return issued ? { certificateId, tipo: d.tipo, titulo: d.titulo, verificacion: certificatePath(certificateId) } : undefined;
}

/**
 * Called where a course may have just been finished (a lesson completed, an evaluation passed).
 * Issues the course's certificate when every lesson is completed and every module evaluation
 * passed, once (a second call, or a concurrent one, issues nothing), and then the certificate of
 * any diplomado this course completes. Answers only what this call issued.
 */
export async function issueEarnedCertificates(deps: IssueDeps, userId: string, courseId: string): Promise<CertificateIssued[]> {
  if (await deps.certificates.pointer(userId, 'curso', courseId)) return [];
  const course = await deps.source.course(userId, courseId);
  const lineas = course && finishedCourseLines(course);
  if (!course || !lineas) return [];
  const nombre = await deps.source.learnerName(userId);
  const first = await issueOne(deps, userId, nombre, { tipo: 'curso', sourceId: courseId, titulo: course.titulo, nivel: course.nivel, lineas });
  if (!first) return [];
  return [first, ...(await issueDiplomados(deps, userId, nombre, courseId))];
}

async function issueDiplomados(deps: IssueDeps, userId: string, nombre: string, courseId: string) {
  const programmes = (await deps.source.diplomados(userId)).filter((d) => d.courseIds.includes(courseId));
  if (!programmes.length) return [];
  const pointers = await deps.certificates.list(userId);
  const certified = new Map(pointers.filter((p) => p.tipo === 'curso').map((p) => [p.sourceId, p]));
  const done = new Set(pointers.filter((p) => p.tipo === 'diplomado').map((p) => p.sourceId));
  const issued: CertificateIssued[] = [];
  for (const d of programmes.filter((p) => !done.has(p.diplomadoId))) {
    const lineas = finishedDiplomadoLines(d, certified);
    const cert = lineas && (await issueOne(deps, userId, nombre, { tipo: 'diplomado', sourceId: d.diplomadoId, titulo: d.titulo, nivel: d.nivel, lineas }));
    if (cert) issued.push(cert);
  }
  return issued;
}
