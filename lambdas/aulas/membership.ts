import type { AulaGroupView, InvitationPreview, MemberView, MembershipView } from '../contract';
import { AppError, badRequest, conflict, notFound, tooMany } from '../shared/errors';
import type { AulaItem } from './aula-items';
import { CODE_LOOKUPS_PER_HOUR } from './invite-code';
import { copyAssigned } from './member-copies';
import { groupView } from './group-view';
import { ALREADY_MEMBER, AULA_NOT_FOUND, CODE_NOT_FOUND, MEMBER_NOT_FOUND, OWN_AULA, TOO_MANY_CODES, aulaFull } from './messages';
import type { AulaDeps } from './ports';
import { toMembershipView, toPreview } from './views';

// The member's side (preview, join, copies, leave) and the teacher's view of the group. A member
// reads only their own membership; the group view answers only the aula's teacher (404 to anyone
// else, as if the aula did not exist).

/**
 * Every lookup by code counts against the learner's hour, found or not, so codes cannot be tried
 * in bulk (docs/aulas.md "Guessing codes"); the WAF's per-IP rule stands in front of it.
 */
async function aulaByCode(deps: AulaDeps, userId: string, codigo: string): Promise<AulaItem> {
  const now = deps.now();
  const hour = now.toISOString().slice(0, 13);
  if (!(await deps.store.takeLookup(userId, hour, CODE_LOOKUPS_PER_HOUR, Math.floor(now.getTime() / 1000) + 2 * 3600))) throw tooMany(TOO_MANY_CODES);
  const aulaId = await deps.store.aulaIdByCode(codigo);
  const aula = aulaId && (await deps.store.aula(aulaId));
  if (!aula) throw notFound(CODE_NOT_FOUND);
  return aula;
}

export async function previewInvitation(deps: AulaDeps, userId: string, codigo: string): Promise<InvitationPreview> {
  const aula = await aulaByCode(deps, userId, codigo);
  if (aula.teacherId === userId) throw badRequest(OWN_AULA);
  return toPreview(aula, Boolean(await deps.store.member(aula.aulaId, userId)));
}

/** POST /aulas/join: the learner confirmed the preview. A refusal writes nothing; then the assigned courses are copied. */
export async function joinAula(deps: AulaDeps, userId: string, codigo: string): Promise<MembershipView> {
  const aula = await aulaByCode(deps, userId, codigo);
  if (aula.teacherId === userId) throw badRequest(OWN_AULA);
  if (await deps.store.member(aula.aulaId, userId, true)) throw conflict(ALREADY_MEMBER);
  if (aula.miembros >= aula.maxMiembros) throw new AppError(409, aulaFull(aula.maxMiembros), 'AulaFull');
  const member = { userId, nombre: (await deps.store.displayName(userId)) ?? 'Estudiante', unidoEn: deps.now().toISOString(), copias: {} };
  const outcome = await deps.store.join(aula.aulaId, member);
  if (outcome === 'ya-miembro') throw conflict(ALREADY_MEMBER);
  if (outcome === 'no-cabe') {
    const now = await deps.store.aula(aula.aulaId, true);
    if (!now) throw notFound(CODE_NOT_FOUND);
    throw new AppError(409, aulaFull(now.maxMiembros), 'AulaFull');
  }
  return toMembershipView(aula, member, await copyAssigned(deps.copies, aula, member));
}

/** POST /aulas/{id}/copias: the member's copies of courses assigned after they joined (or a copy that failed). */
export async function syncCopies(deps: AulaDeps, userId: string, aulaId: string): Promise<MembershipView> {
  const [aula, member] = await Promise.all([deps.store.aula(aulaId, true), deps.store.member(aulaId, userId, true)]);
  if (!aula || !member) throw notFound(AULA_NOT_FOUND);
  return toMembershipView(aula, member, await copyAssigned(deps.copies, aula, member));
}

/** DELETE /aulas/{id}/membership: the teacher's view of this learner ends with this write. */
export async function leaveAula(deps: AulaDeps, userId: string, aulaId: string): Promise<void> {
  if (!(await deps.store.leave(aulaId, userId))) throw notFound(AULA_NOT_FOUND);
}

/** GET /aulas/{id}/grupo: one Query on the aula's partition, then the members' copies (group-reads.ts). */
export async function teacherView(deps: AulaDeps, userId: string, aulaId: string): Promise<AulaGroupView> {
  const { aula, members } = await deps.store.group(aulaId);
  if (!aula || aula.teacherId !== userId) throw notFound(AULA_NOT_FOUND);
  return groupView(aula, members, await deps.readGroup(aula, members));
}

/** GET /aulas/{id}/miembros/{userId}: one member of the teacher's aula; a learner who left (or never joined) is not found. */
export async function memberDetail(deps: AulaDeps, userId: string, aulaId: string, memberId: string): Promise<MemberView> {
  const view = await teacherView(deps, userId, aulaId);
  const member = view.miembros.find((m) => m.userId === memberId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}
