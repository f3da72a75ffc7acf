import { NOT_SHARED_WITH_TEACHER, SHARED_WITH_TEACHER, inviteLink, type AulaView, type InvitationPreview, type MembershipView } from '../contract';
import type { AulaItem, MemberItem } from './aula-items';

// What each side reads of an aula: the teacher all of it; a member the aula, the teacher's name and
// their own copies; a learner with the code, before joining, the preview and the list of what is shared.

export const toAulaView = (a: AulaItem): AulaView => ({
  aulaId: a.aulaId, nombre: a.nombre, codigo: a.codigo, enlace: inviteLink(a.codigo), miembros: a.miembros, maxMiembros: a.maxMiembros, cursos: a.cursos, creadoEn: a.creadoEn,
  permiteCompartir: a.permiteCompartir === true,
});

export const toMembershipView = (a: AulaItem, m: MemberItem, copias: Record<string, string> = m.copias ?? {}): MembershipView => ({
  aulaId: a.aulaId,
  nombre: a.nombre,
  profesor: a.profesor,
  unidoEn: m.unidoEn,
  cursos: a.cursos.map((c) => ({ courseId: c.courseId, titulo: c.titulo, ...(copias[c.courseId] && { miCurso: copias[c.courseId] }) })),
});

export const toPreview = (a: AulaItem, yaEresMiembro: boolean): InvitationPreview => ({
  aulaId: a.aulaId,
  nombre: a.nombre,
  profesor: a.profesor,
  cursos: a.cursos.map((c) => ({ titulo: c.titulo })),
  compartes: [...SHARED_WITH_TEACHER],
  noCompartes: [...NOT_SHARED_WITH_TEACHER],
  completa: a.miembros >= a.maxMiembros,
  yaEresMiembro,
});
