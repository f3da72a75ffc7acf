import { randomUUID } from 'node:crypto';
import { UUID_PATTERN, type AssignedCourse, type AssignmentRequest, type AulaRequest, type AulaView, type MyAulas } from '../contract';
import type { CourseItem } from '../course-model';
import { paymentRequired } from '../plans';
import { AppError, badRequest, conflict, notFound } from '../shared/errors';
import type { AulaItem } from './aula-items';
import { newInviteCode } from './invite-code';
import { ASSIGNMENT_BUSY, AULA_NOT_FOUND, COURSE_NOT_YOURS, DIPLOMADO_NOT_YOURS, PREMIUM_ONLY, assignmentOverflow, aulaLimit, courseNotReady, tooManyCourses } from './messages';
import type { AulaDeps } from './ports';
import { toAulaView, toMembershipView } from './views';
import { backoffPause } from '../shared/backoff';

// The teacher's side: open an aula, say what it studies, list, delete. Every refusal comes before any write.

const CODE_TRIES = 5;

/** A path's {id}: anything but an id the server minted is not found, like another teacher's aula. */
export function aulaIdParam(raw: string | undefined): string {
  if (!raw || !UUID_PATTERN.test(raw)) throw notFound(AULA_NOT_FOUND);
  return raw.toLowerCase();
}

export async function createAula(deps: AulaDeps, userId: string, req: AulaRequest): Promise<AulaView> {
  const limits = await deps.allowance(userId);
  if (limits.maximo <= 0) throw paymentRequired(PREMIUM_ONLY);
  const profesor = (await deps.store.displayName(userId)) ?? 'Tu profesor';
  for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
    const aula: AulaItem = {
      aulaId: randomUUID(), teacherId: userId, profesor, nombre: req.nombre, codigo: newInviteCode(),
      miembros: 0, maxMiembros: limits.miembros, cursos: [], creadoEn: deps.now().toISOString(), permiteCompartir: req.permiteCompartir ?? false,
    };
    const outcome = await deps.store.create(aula, limits.maximo);
    if (outcome === 'creada') return toAulaView(aula);
    if (outcome === 'limite') throw new AppError(409, aulaLimit(limits.maximo), 'AulaLimit');
    // 'codigo-usado': another aula drew the same code (one in ~10^11 per aula); draw again.
  }
  throw new Error('no free invitation code after several draws');
}

export async function listAulas(deps: AulaDeps, userId: string): Promise<MyAulas> {
  const [taught, joined] = await Promise.all([deps.store.taught(userId), deps.store.joined(userId)]);
  const newest = <T extends { creadoEn?: string; unidoEn?: string }>(a: T, b: T) => (b.creadoEn ?? b.unidoEn ?? '').localeCompare(a.creadoEn ?? a.unidoEn ?? '');
  return {
    comoProfesor: taught.map(toAulaView).sort(newest),
    comoMiembro: joined.map(({ aula, member }) => toMembershipView(aula, member)).sort(newest),
  };
}

async function teachersAula(deps: AulaDeps, userId: string, aulaId: string): Promise<AulaItem> {
  const aula = await deps.store.aula(aulaId, true);
  if (!aula || aula.teacherId !== userId) throw notFound(AULA_NOT_FOUND);
  return aula;
}

const assigned = (c: CourseItem, diplomado?: AssignedCourse['diplomado']): AssignedCourse => ({
  courseId: c.courseId,
  titulo: c.titulo,
  modulos: c.modulos.map((m) => ({ moduleId: m.moduleId, titulo: m.titulo, lecciones: m.lecciones.length })),
  ...(diplomado && { diplomado }),
});

/** PUT /aulas/{id}/asignaciones: the teacher's own courses, and the written courses of their diplomados, all `listo`. */
export async function assignCourses(deps: AulaDeps, userId: string, aulaId: string, req: AssignmentRequest): Promise<AulaView> {
  const aula = await teachersAula(deps, userId, aulaId);
  const wanted: { courseId: string; diplomado?: AssignedCourse['diplomado'] }[] = req.cursos.map((courseId) => ({ courseId: courseId.toLowerCase() }));
  for (const id of req.diplomados) {
    const d = await deps.store.diplomado(userId, id.toLowerCase());
    if (!d) throw notFound(DIPLOMADO_NOT_YOURS);
    for (const slot of d.cursos) if (slot.courseId) wanted.push({ courseId: slot.courseId, diplomado: { diplomadoId: d.diplomadoId, titulo: d.titulo } });
  }
  const unique = [...new Map(wanted.map((w) => [w.courseId, w])).values()];
  const limits = await deps.allowance(userId);
  if (unique.length > limits.cursos) throw badRequest(tooManyCourses(limits.cursos));
  const cursos: AssignedCourse[] = [];
  for (const w of unique) {
    const course = await deps.courses.get(userId, w.courseId);
    if (!course) throw notFound(COURSE_NOT_YOURS);
    if (course.estado !== 'listo') {
      // A diplomado's course still being written is left for a later assignment; a course named alone is refused.
      if (w.diplomado) continue;
      throw conflict(courseNotReady(course.titulo));
    }
    cursos.push(assigned(course, w.diplomado));
  }
  return toAulaView(await writeAssignment(deps, aula, cursos, req, limits.cursos));
}

/** Writers of one aula's `cursos` at the same moment: each round lets one land (as Deep Linking's, lms-links.ts). */
const ASSIGN_TRIES = 30;
const pause = (attempt: number) => backoffPause(attempt, 10, 100);

/**
 * The teacher's list written only over the `cursos` it was decided against (setCoursesIf), so that Deep Linking's
 * addition at the same moment is never written over: when the aula changed since, it is read again and a course it
 * studies now that the teacher never saw (not in `vistos`, or not in this request's first read) is kept after theirs.
 * A course the teacher saw and left out goes, as before.
 */
async function writeAssignment(deps: AulaDeps, read: AulaItem, mine: AssignedCourse[], req: AssignmentRequest, max: number): Promise<AulaItem> {
  const seen = new Set((req.vistos ?? read.cursos.map((c) => c.courseId)).map((id) => id.toLowerCase()));
  const chosen = new Set(mine.map((c) => c.courseId));
  let aula = read;
  for (let attempt = 0; attempt < ASSIGN_TRIES; attempt++) {
    const addedMeanwhile = aula.cursos.filter((c) => !seen.has(c.courseId) && !chosen.has(c.courseId));
    const cursos = [...mine, ...addedMeanwhile];
    if (cursos.length > max) throw conflict(assignmentOverflow(max));
    if (await deps.store.setCoursesIf(aula.aulaId, aula.teacherId, aula.cursos, cursos, req.permiteCompartir)) {
      return { ...aula, cursos, permiteCompartir: req.permiteCompartir ?? aula.permiteCompartir };
    }
    const again = await deps.store.aula(aula.aulaId, true);
    if (!again || again.teacherId !== read.teacherId) throw notFound(AULA_NOT_FOUND);
    aula = again;
    await pause(attempt);
  }
  throw conflict(ASSIGNMENT_BUSY);
}

/**
 * DELETE /aulas/{id}: the aula, its code and its members' places go; each member keeps their copies. An LMS course's
 * aula's grade items (links, learners' `sub`s, scores) go first, while the aula still leads a retry back to them,
 * and once more after it, for what a launch or an attempt wrote meanwhile.
 */
export async function deleteAula(deps: AulaDeps, userId: string, aulaId: string): Promise<void> {
  const { aula, members } = await deps.store.group(aulaId);
  if (!aula || aula.teacherId !== userId) throw notFound(AULA_NOT_FOUND);
  await deps.grades.forgetAula(aulaId);
  if (!(await deps.store.remove(aula, userId, members))) throw notFound(AULA_NOT_FOUND);
  await deps.grades.forgetAula(aulaId);
}
