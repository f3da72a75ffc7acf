import type { ScormPackage } from '../contract';
import { COURSE_NOT_FOUND, type CourseStore } from '../course-model';
import { conflict, notFound } from '../shared/errors';
import { buildPackage, packageFileName } from './scorm-package';

export interface ScormDeps {
  store: Pick<CourseStore, 'items'>;
  now: () => Date;
}

export const NOT_READY = 'El curso todavía no está listo: podrás exportarlo a SCORM cuando termine de generarse.';

/**
 * The owner's course as a SCORM 1.2 package. The read is keyed by the caller's own partition, so
 * another learner's course (or none) is the same 404; only a `listo` course is exported (409 else).
 * Read only: nothing is written and no model is called.
 */
export async function exportScorm(deps: ScormDeps, userId: string, courseId: string): Promise<ScormPackage> {
  const found = await deps.store.items(userId, courseId);
  if (!found) throw notFound(COURSE_NOT_FOUND);
  if (found.course.estado !== 'listo') throw conflict(NOT_READY);
  const built = buildPackage(found.course, found.lessons, deps.now());
  return {
    nombreArchivo: packageFileName(found.course.titulo),
    zip: Buffer.from(built.zip).toString('base64'),
    bytes: built.zip.byteLength,
    lecciones: built.lecciones,
    evaluaciones: built.evaluaciones,
  };
}
