import type { AssignedCourse } from '../contract';
import { userPk } from '../shared/table';

// An aula lives in its own partition, AULA#<aulaId>: the aula item and one item per member, so the
// teacher's view reads the whole group with one Query (docs/aulas.md). The code is its own item
// (AULACODE#<code>) so a join finds the aula by a GetItem; each side keeps a pointer in its own
// partition (the teacher's AULA#<id>, the member's AULAMEMBER#<id>) for "Mis aulas".

export interface AulaItem {
  aulaId: string;
  teacherId: string;
  /** The teacher's display name when the aula was created: what members read. */
  profesor: string;
  nombre: string;
  codigo: string;
  /** Members now (ADD ±1 with each join and leave, guarded by maxMiembros). */
  miembros: number;
  /** The teacher's plan's `aulas.miembros` when the aula was created. */
  maxMiembros: number;
  cursos: AssignedCourse[];
  creadoEn: string;
  /** Whether members may share their copies publicly (POST /courses/{id}/share); absent: not allowed. */
  permiteCompartir?: boolean;
}

export interface MemberItem {
  userId: string;
  nombre: string;
  unidoEn: string;
  /** The teacher's course id → the member's copy of it; only written by the member's own copy (course-copy.ts). */
  copias: Record<string, string>;
}

export const aulaPk = (aulaId: string) => `AULA#${aulaId}`;
export const AULA_SK = 'AULA';
export const MEMBER_PREFIX = 'MEMBER#';
export const aulaKey = (aulaId: string) => ({ pk: aulaPk(aulaId), sk: AULA_SK });
export const memberKey = (aulaId: string, userId: string) => ({ pk: aulaPk(aulaId), sk: `${MEMBER_PREFIX}${userId}` });
export const codeKey = (codigo: string) => ({ pk: `AULACODE#${codigo}`, sk: 'AULACODE' });
export const TEACHER_POINTER_PREFIX = 'AULA#';
export const teacherPointerKey = (userId: string, aulaId: string) => ({ pk: userPk(userId), sk: `${TEACHER_POINTER_PREFIX}${aulaId}` });
export const MEMBER_POINTER_PREFIX = 'AULAMEMBER#';
export const memberPointerKey = (userId: string, aulaId: string) => ({ pk: userPk(userId), sk: `${MEMBER_POINTER_PREFIX}${aulaId}` });
/** The teacher's count of aulas, guarded by the plan's `aulas.maximo`. */
export const countKey = (userId: string) => ({ pk: userPk(userId), sk: 'AULACOUNT' });
/** Lookups by code per learner and hour (rate limit against guessing codes). */
export const lookupKey = (userId: string, hour: string) => ({ pk: userPk(userId), sk: `AULACODIGOS#${hour}` });
/**
 * A learner's copy of one teacher course, kept in the learner's partition so it outlives memberships
 * (issue 31): a re-join, or another aula with the same course, gives this copy back; `copias` counts
 * the copies ever made (bounded by COPIES_PER_SOURCE in member-copies.ts).
 */
export interface CopyPointer { copyId: string; copias: number }
export const copyPointerKey = (userId: string, sourceCourseId: string) => ({ pk: userPk(userId), sk: `AULACOPIA#${sourceCourseId}` });
