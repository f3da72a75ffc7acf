import { createHash } from 'node:crypto';
import type { AulaItem, MemberItem } from './aula-items';
import type { AulaStore } from './aula-store';
import { newInviteCode } from './invite-code';
import { copyAssigned, type CopyDeps } from './member-copies';
import { conflicted } from '../shared/table-writes';
import { backoffPause } from '../shared/backoff';

// The aula bound to a course of a school's LMS (issue 45 item 2, docs/lti.md "Where a launch lands"). The lti
// room names the LMS course by a key of its own (registration, deployment, context id); the aula's id is
// derived from that key, so twenty first launches at once write one aula (its put is conditional), and a
// launch from another LMS course, or another platform, can never name this one. The first Instructor to
// launch is its teacher; a learner's launch joins it as POST /aulas/join does, and gets their own copies.

/** Members of an LMS course's aula: the premium plan's group size (lambdas/plans), whatever the teacher's plan. */
export const LMS_MAX_MIEMBROS = 30;

export interface LmsCourse {
  /** The lti room's key for (registration, deployment, context id): opaque here. */
  key: string;
  /** The LMS course's title, when the platform sends one. */
  titulo?: string;
}

export interface LmsAulaDeps {
  store: AulaStore;
  copies: CopyDeps;
  now: () => Date;
}

/** A UUID-shaped id (as aula ids are) from the context's key: the same LMS course, the same aula. */
export function lmsAulaId(key: string): string {
  const hex = createHash('sha256').update(`aula-lms\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const TRIES = 6;
/** Launches of one LMS course at the same moment conflict on its aula item: a short, jittered pause before reading again. */
const pause = (attempt: number) => backoffPause(attempt, 50);

/** store.join, tried again when another join's transaction held the aula item at the same moment. */
async function joinAgainOnConflict(store: AulaStore, aulaId: string, member: MemberItem) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.join(aulaId, member);
    } catch (error) {
      if (!conflicted(error) || attempt >= TRIES) throw error;
      await pause(attempt);
    }
  }
}

/** `cursos`: the teacher's course ids the aula studies now (the lti room binds a plain LMS link to the only one). */
export type TeacherLanding = { aulaId: string; cursos: string[] } | { otroProfesor: true };

/** The Instructor's aula for the LMS course: made on the first launch (theirs), found on later ones. */
export async function teachLmsCourse(deps: LmsAulaDeps, teacherId: string, course: LmsCourse): Promise<TeacherLanding> {
  const aulaId = lmsAulaId(course.key);
  let aula = await deps.store.aula(aulaId, true);
  for (let attempt = 0; !aula && attempt < TRIES; attempt++) {
    const item: AulaItem = {
      aulaId, teacherId, profesor: (await deps.store.displayName(teacherId)) ?? 'Tu profesor',
      nombre: course.titulo?.trim().slice(0, 80) || 'Curso de tu plataforma', codigo: newInviteCode(),
      miembros: 0, maxMiembros: LMS_MAX_MIEMBROS, cursos: [], creadoEn: deps.now().toISOString(), permiteCompartir: false,
    };
    const outcome = await deps.store.createLms(item);
    if (outcome === 'creada') return { aulaId, cursos: [] };
    // 'existe': another launch made it at the same moment; 'codigo-usado': draw the code again; 'conflicto':
    // another launch's transaction held the aula, which it may or may not have made.
    if (outcome === 'conflicto') await pause(attempt);
    aula = await deps.store.aula(aulaId, true);
  }
  if (!aula) throw new Error('the LMS course\'s aula could be neither made nor read');
  return aula.teacherId === teacherId ? { aulaId, cursos: aula.cursos.map((c) => c.courseId) } : { otroProfesor: true };
}

/** `unidoAhora`: this launch made them a member (their first into this aula: the landing tells them who sees their grade). */
export type LearnerLanding = { aulaId: string; cursos: string[]; copias: Record<string, string>; unidoAhora: boolean } | { sinAula: true } | { completa: true } | { esProfesor: true };

/** A learner's launch: a member of the LMS course's aula (joined now if not yet), with their copies made. */
export async function learnLmsCourse(deps: LmsAulaDeps, userId: string, course: LmsCourse): Promise<LearnerLanding> {
  const aulaId = lmsAulaId(course.key);
  const aula = await deps.store.aula(aulaId, true);
  if (!aula) return { sinAula: true };
  if (aula.teacherId === userId) return { esProfesor: true };
  let member: MemberItem | undefined = await deps.store.member(aulaId, userId, true);
  let unidoAhora = false;
  if (!member) {
    const joining = { userId, nombre: (await deps.store.displayName(userId)) ?? 'Estudiante', unidoEn: deps.now().toISOString(), copias: {} };
    const outcome = await joinAgainOnConflict(deps.store, aulaId, joining);
    if (outcome === 'no-cabe') return { completa: true };
    // 'ya-miembro': the same learner's other launch joined at the same moment.
    unidoAhora = outcome === 'unido';
    member = unidoAhora ? joining : await deps.store.member(aulaId, userId, true);
    if (!member) return { sinAula: true };
  }
  return { aulaId, cursos: aula.cursos.map((c) => c.courseId), copias: await copyAssigned(deps.copies, aula, member), unidoAhora };
}
