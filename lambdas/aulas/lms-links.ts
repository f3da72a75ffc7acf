import type { AssignedCourse } from '../contract';
import type { CourseItem, CourseStore } from '../course-model';
import type { LmsAulaDeps, LmsCourse } from './lms-aulas';
import { teachLmsCourse } from './lms-aulas';
import { AppError } from '../shared/errors';
import { backoffPause } from '../shared/backoff';

// Deep Linking 2.0 (issue 45 item 3, docs/lti.md "Deep Linking"): from the LMS's "add activity" the teacher
// picks one of their own courses, or one module's evaluation, and the LMS course's aula studies it from then on,
// so that a learner launched from that link lands in their own copy. Only the teacher's own, written (`listo`)
// courses qualify: never another account's id, never a copy they study as a member of someone else's aula.

/** What an LMS course's aula may study at once: the premium plan's `aulas.cursos`, as its members are its `miembros`. */
export const LMS_MAX_CURSOS = 10;

/**
 * Choices for one LMS course at the same moment: each round of reads lets at least one write land, so twenty at
 * once need at most twenty rounds; the pause is jittered and bounded (at most 100 ms).
 */
const ADD_TRIES = 30;
const pause = (attempt: number) => backoffPause(attempt, 10, 100);
export const LMS_BUSY = 'Se están añadiendo muchas actividades a este curso a la vez. Vuelve a pulsar «Añadir a mi plataforma».';

export interface LmsPick { courseId: string; moduleId?: string }

/** A course the teacher may link, with the modules whose evaluation may be linked alone. */
export interface LmsLinkable { courseId: string; titulo: string; modulos: { moduleId: string; titulo: string }[] }

export type LmsLinkDeps = LmsAulaDeps & { catalogue: Pick<CourseStore, 'list' | 'get'> };

const linkable = (c: CourseItem) => c.estado === 'listo' && !c.deAula && c.modulos.length > 0;
const toLinkable = (c: CourseItem): LmsLinkable => ({ courseId: c.courseId, titulo: c.titulo, modulos: c.modulos.map((m) => ({ moduleId: m.moduleId, titulo: m.titulo })) });

/** The teacher's courses the picker offers, newest first as their dashboard lists them. */
export async function lmsCatalogue(deps: Pick<LmsLinkDeps, 'catalogue'>, teacherId: string): Promise<LmsLinkable[]> {
  return (await deps.catalogue.list(teacherId)).filter(linkable).map(toLinkable);
}

export type LmsLinkOutcome =
  | { aulaId: string; cursos: LmsLinkable[] }
  | { otroProfesor: true }
  /** A course that is not the teacher's own, not written yet, or a module it does not have: nothing is written. */
  | { noEsTuyo: true }
  | { demasiados: number };

const assigned = (c: CourseItem): AssignedCourse => ({
  courseId: c.courseId, titulo: c.titulo, modulos: c.modulos.map((m) => ({ moduleId: m.moduleId, titulo: m.titulo, lecciones: m.lecciones.length })),
});

/**
 * The picks, checked against the teacher's own courses (every refusal before any write), then added to the LMS
 * course's aula (made now if this is the teacher's first visit): courses already there stay as they are.
 */
export async function linkLmsCourses(deps: LmsLinkDeps, teacherId: string, course: LmsCourse, picks: LmsPick[]): Promise<LmsLinkOutcome> {
  const found = new Map<string, CourseItem>();
  for (const pick of picks) {
    const item = found.get(pick.courseId) ?? (await deps.catalogue.get(teacherId, pick.courseId));
    if (!item || !linkable(item) || (pick.moduleId && !item.modulos.some((m) => m.moduleId === pick.moduleId))) return { noEsTuyo: true };
    found.set(item.courseId, item);
  }
  const taught = await teachLmsCourse(deps, teacherId, course);
  if ('otroProfesor' in taught) return taught;
  // Read, add, write only if nobody wrote between (setCoursesIf): two choices posted at the same moment both land.
  for (let attempt = 0; attempt < ADD_TRIES; attempt++) {
    const aula = await deps.store.aula(taught.aulaId, true);
    if (!aula || aula.teacherId !== teacherId) return { otroProfesor: true };
    const fresh = [...found.values()].filter((c) => !aula.cursos.some((a) => a.courseId === c.courseId));
    if (!fresh.length) return { aulaId: aula.aulaId, cursos: [...found.values()].map(toLinkable) };
    const cursos = [...aula.cursos, ...fresh.map(assigned)];
    if (cursos.length > LMS_MAX_CURSOS) return { demasiados: LMS_MAX_CURSOS };
    if (await deps.store.setCoursesIf(aula.aulaId, teacherId, aula.cursos, cursos)) return { aulaId: aula.aulaId, cursos: [...found.values()].map(toLinkable) };
    await pause(attempt);
  }
  throw new AppError(503, LMS_BUSY, 'Busy');
}
