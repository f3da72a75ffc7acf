import { randomUUID } from 'node:crypto';
import { SHARE_ID_PATTERN, SHARE_NOT_FOUND, sharePath, type CourseShare, type CourseSummary, type SharedCourse } from '../contract';
import { citedMaterialIds, COURSE_NOT_FOUND, toSummary, type CourseItem } from '../course-model';
import { conflict, forbidden, notFound } from '../shared/errors';
import { newShareId } from './share-items';
import type { ShareStore } from './share-store';
import { toSharedCourse } from './shared-view';

// Share a course by link, withdraw it, read it signed out, copy it (issue 25, docs/sharing.md).
// The owner's course is addressed in the owner's partition (a stranger's id is simply not found);
// the public side knows only the share id.

export interface SharingDeps {
  store: ShareStore;
  now: () => Date;
  newShareId?: () => string;
  /** Issue 31: whether the aula a member's copy came through lets them publish it (absent: never). */
  aulaAllowsSharing?: (aulaId: string) => Promise<boolean>;
  /** Issue 31: the owner's materials that still exist, so a copy keeps no quote of a deleted one (absent: all kept). */
  liveMaterials?: (userId: string, materialIds: string[]) => Promise<Set<string>>;
}

export const NOT_READY = 'Solo puedes compartir un curso terminado. Espera a que termine de generarse.';
export const OWN_COURSE = 'Este curso ya es tuyo: lo encuentras en Mis Cursos.';
export const ALREADY_COPIED = 'Ya copiaste este curso: lo encuentras en Mis Cursos.';
const NO_ACCOUNT = 'No encontramos tu cuenta. Inicia sesión de nuevo.';
/** A member's copy of an aula course: the content is the teacher's, published only if the aula allows it. */
export const AULA_COPY = 'Este curso es una copia de un aula y su profesor no permite compartirlo públicamente.';
export const COPIED = 'Curso copiado a tus cursos. Tu progreso y tus evaluaciones son tuyos.';

/** A path's share id: anything that could not be one of ours is the same 404 as a withdrawn link. */
export function shareIdParam(value: string | undefined): string {
  if (!value || !SHARE_ID_PATTERN.test(value)) throw notFound(SHARE_NOT_FOUND);
  return value;
}

const shareOf = (course: CourseItem): CourseShare | undefined =>
  course.compartido && { shareId: course.compartido.shareId, url: sharePath(course.compartido.shareId), copias: course.copias ?? 0 };

/** POST /courses/{id}/share: the course's link, the same one while it stays published. */
export async function shareCourse(deps: SharingDeps, userId: string, courseId: string): Promise<CourseShare> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const course = await deps.store.course(userId, courseId);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const current = shareOf(course);
    if (current) return current;
    if (course.estado !== 'listo') throw conflict(NOT_READY);
    if (course.deAula && !(await deps.aulaAllowsSharing?.(course.deAula))) throw forbidden(AULA_COPY);
    const shareId = (deps.newShareId ?? newShareId)();
    const outcome = await deps.store.publish(course, shareId, deps.now().toISOString());
    if (outcome === 'published') return { shareId, url: sharePath(shareId), copias: course.copias ?? 0 };
    if (outcome === 'not-ready') throw conflict(NOT_READY);
    // Published by a concurrent request: read it again and answer that link.
  }
  throw conflict(NOT_READY);
}

/** DELETE /courses/{id}/share: the link stops working at once; a course not shared is left as it is. */
export async function withdrawShare(deps: SharingDeps, userId: string, courseId: string): Promise<string> {
  const course = await deps.store.course(userId, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!course.compartido) return 'Este curso no estaba compartido.';
  await deps.store.withdraw(userId, courseId, course.compartido.shareId);
  return 'Dejaste de compartir el curso. El enlace ya no funciona; las copias ya hechas siguen siendo de quien las hizo.';
}

/** The owner's items behind a live link, or the one 404 for every other case. */
async function liveShare(deps: SharingDeps, shareId: string) {
  const share = await deps.store.share(shareId);
  const items = share && (await deps.store.items(share.ownerId, share.courseId));
  // The course must still carry this very link: a pointer left behind never serves anything.
  if (!share || !items || items.course.compartido?.shareId !== shareId || items.course.estado !== 'listo') throw notFound(SHARE_NOT_FOUND);
  return { share, items };
}

/** GET /compartidos/{shareId}, public: the outline and lessons, nothing of the owner. */
export async function readShare(deps: SharingDeps, shareId: string): Promise<SharedCourse> {
  const { items } = await liveShare(deps, shareId);
  return toSharedCourse(shareId, items);
}

/**
 * POST /compartidos/{shareId}/copy: a new course of the caller with the shared outline and lessons.
 * No model call, no plan allowance (nothing is generated); evaluations are written for the copier
 * when they first open one, as for any course without a bank.
 */
export async function copyShare(deps: SharingDeps, userId: string, shareId: string): Promise<CourseSummary> {
  const { share, items } = await liveShare(deps, shareId);
  if (share.ownerId === userId) throw conflict(OWN_COURSE);
  const ids = citedMaterialIds(items);
  const liveMaterials = deps.liveMaterials && ids.length ? await deps.liveMaterials(share.ownerId, ids) : undefined;
  const to = { userId, courseId: randomUUID(), now: deps.now().toISOString(), ...(liveMaterials && { liveMaterials }) };
  const outcome = await deps.store.copy(share, items, to);
  if (outcome === 'withdrawn') throw notFound(SHARE_NOT_FOUND);
  if (outcome === 'already-copied') throw conflict(ALREADY_COPIED);
  if (outcome === 'no-account') throw notFound(NO_ACCOUNT);
  const copy = await deps.store.course(userId, to.courseId);
  if (!copy) throw notFound(COURSE_NOT_FOUND);
  return toSummary(copy);
}
