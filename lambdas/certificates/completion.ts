import type { CertificateLine } from '../contract';

// The rule (pure): a course is finished when it is ready, every lesson of its outline is
// completed and every module's evaluation has a passed attempt. A diplomado is finished when
// every course of its programme exists and is certified.

export interface CourseRecord {
  courseId: string;
  titulo: string;
  nivel?: string;
  estado: string;
  modulos: { moduleId: string; titulo: string; lessonIds: string[] }[];
  /** `moduleId/lessonId` of each lesson whose progress is `completado`. */
  completed: Set<string>;
  /** moduleId -> best score among its passed attempts. */
  passed: Map<string, number>;
}

export interface DiplomadoRecord {
  diplomadoId: string;
  titulo: string;
  nivel?: string;
  /** One per course of the programme; undefined while that course was never generated. */
  courseIds: (string | undefined)[];
}

/** The module lines of the certificate, or undefined while something is still missing. */
export function finishedCourseLines(c: CourseRecord): CertificateLine[] | undefined {
  if (c.estado !== 'listo' || !c.modulos.length) return undefined;
  for (const m of c.modulos) {
    if (!m.lessonIds.length || !m.lessonIds.every((l) => c.completed.has(`${m.moduleId}/${l}`))) return undefined;
    if (!c.passed.has(m.moduleId)) return undefined;
  }
  return c.modulos.map((m) => ({ titulo: m.titulo, score: c.passed.get(m.moduleId)! }));
}

/** The course lines of a diplomado's certificate, or undefined while a course is not certified. */
export function finishedDiplomadoLines(d: DiplomadoRecord, certified: Map<string, { titulo: string; promedio: number }>): CertificateLine[] | undefined {
  if (!d.courseIds.length) return undefined;
  const lines: CertificateLine[] = [];
  for (const id of d.courseIds) {
    const cert = id ? certified.get(id) : undefined;
    if (!cert) return undefined;
    lines.push({ titulo: cert.titulo, score: cert.promedio });
  }
  return lines;
}

export const average = (lines: CertificateLine[]) => (lines.length ? Math.round(lines.reduce((n, l) => n + l.score, 0) / lines.length) : 0);
