import { randomUUID } from 'node:crypto';
import type { LmsAulas } from '../aulas';
import { AULA_NOT_FOUND } from '../aulas';
import type { LmsRosterView } from '../contract';
import { ROSTER_TTL_S, rosterView, type LmsGrades } from '../lms-grades';
import { conflict, notFound } from '../shared/errors';
import type { LtiStore } from './lti-store';
import { NRPS_LIMITS, readMembers, type MembersDeps } from './nrps-members';
import { onPlatformSite } from './service-urls';

// The teacher imports the LMS course's members (POST /aulas/{id}/lms/miembros, docs/lti.md "Roster"). Only the
// aula's teacher: anyone else gets the aula's 404 and nothing is fetched. The course must have named its
// membership service in a launch (the aula's LMSNRPS item). One import at a time per aula: a claim on the roster
// item (its expiry past the read's own bound), so twenty imports at once make one read of the platform; the others
// wait for it (a bound shorter than the Lambda's) and answer its result, the same for all; so does an import
// within 10 s of the last one. The roster is written
// only when the whole read succeeded, replacing the previous one; a failure lets go of the claim and leaves it.

export const ROSTER_MESSAGES = {
  notBound: 'Esta aula no tiene la lista de miembros de un curso de tu plataforma (LMS): solo un aula abierta desde tu plataforma, con el servicio de nombres y roles (NRPS) activado para Mentora, puede importarla.',
  platformGone: 'La plataforma de este curso ya no está registrada en Mentora (o espera aprobación): no se puede pedir su lista de miembros.',
  busy: 'La lista de miembros ya se está importando. Vuelve a mirar en unos segundos.',
  imported: (total: number, sinEntrar: number) =>
    `Lista importada: ${total} ${total === 1 ? 'miembro' : 'miembros'} del curso; ${sinEntrar} ${sinEntrar === 1 ? 'estudiante aún no ha entrado' : 'estudiantes aún no han entrado'} en Mentora.`,
} as const;

/** The claim outlives the read's own bound, so a claim left by a Lambda that died is taken over after it. */
const CLAIM_S = Math.ceil(NRPS_LIMITS.totalMs / 1000) + 20;
/** How long an import that found another one running waits for it (less than the lti Lambda's 10 s). */
const WAIT_MS = 7000;
/** A roster imported this recently is the answer to another import (a double click, twenty requests at once). */
const RECENT_MS = 10_000;
const POLL_MS = 250;

export interface RosterImportDeps extends MembersDeps {
  aulas: Pick<LmsAulas, 'teaches'>;
  roster: Pick<LmsGrades, 'rosterSource' | 'roster' | 'claimRosterImport' | 'saveRoster' | 'releaseRosterImport' | 'launchedSubs'>;
  store: Pick<LtiStore, 'platform'>;
  schemes: readonly string[];
  sleep?: (ms: number) => Promise<void>;
}

const nowS = (deps: Pick<RosterImportDeps, 'now'>) => Math.floor(deps.now().getTime() / 1000);

async function viewOf(deps: RosterImportDeps, aulaId: string): Promise<LmsRosterView> {
  const [source, state, subs] = await Promise.all([deps.roster.rosterSource(aulaId), deps.roster.roster(aulaId, nowS(deps)), deps.roster.launchedSubs(aulaId)]);
  return rosterView(source, state, subs.map((s) => s.sub));
}

/** Another import holds the claim: its result, once it lets go (bounded), or 409. */
async function awaitOther(deps: RosterImportDeps, aulaId: string): Promise<{ data: LmsRosterView; message: string }> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let waited = 0; waited < WAIT_MS; waited += POLL_MS) {
    await sleep(POLL_MS);
    const data = await viewOf(deps, aulaId);
    if (!data.importando) return { data, message: ROSTER_MESSAGES.imported(data.miembros.length, data.sinEntrar) };
  }
  throw conflict(ROSTER_MESSAGES.busy);
}

export async function importRoster(deps: RosterImportDeps, teacherId: string, aulaId: string): Promise<{ data: LmsRosterView; message: string }> {
  if (!(await deps.aulas.teaches(teacherId, aulaId))) throw notFound(AULA_NOT_FOUND);
  const source = await deps.roster.rosterSource(aulaId);
  if (!source) throw conflict(ROSTER_MESSAGES.notBound);
  const platform = await deps.store.platform(source.issuer, source.clientId);
  // Deleted, registered again since (by anyone), or waiting for an operator's approval: not the platform this aula's
  // launches came through, so it gets no token for its course (as the score job, score-job.ts).
  if (!platform || (source.registro && platform.registro !== source.registro) || platform.estado === 'pendiente') throw conflict(ROSTER_MESSAGES.platformGone);
  // Checked at the launch; again now, against the registration as it is (the token goes to this URL).
  if (!onPlatformSite(source.url, platform, deps.schemes)) throw conflict(ROSTER_MESSAGES.notBound);

  const claim = randomUUID();
  const at = nowS(deps);
  const recent = new Date(deps.now().getTime() - RECENT_MS).toISOString();
  if (!(await deps.roster.claimRosterImport(aulaId, claim, at, at + CLAIM_S, recent))) return awaitOther(deps, aulaId);
  try {
    // NRPS's differences link (kept by the last import, still on the platform's site): only the changes since.
    const kept = (await deps.roster.roster(aulaId, at)).roster;
    const since = kept?.diferencias && onPlatformSite(kept.diferencias, platform, deps.schemes) ? { url: kept.diferencias, miembros: kept.miembros } : undefined;
    const read = (since && (await readMembers(deps, platform, source, since))) ?? (await readMembers(deps, platform, source))!;
    const roster = { miembros: read.miembros, importadaEn: deps.now().toISOString(), expiresAt: nowS(deps) + ROSTER_TTL_S, ...(read.diferencias && { diferencias: read.diferencias }) };
    const done = await deps.roster.saveRoster(aulaId, claim, roster);
    // Our claim was taken over (this read outlived it): the other import's result stands.
    if (!done) throw conflict(ROSTER_MESSAGES.busy);
  } catch (error) {
    await deps.roster.releaseRosterImport(aulaId, claim);
    throw error;
  }
  const data = await viewOf(deps, aulaId);
  return { data, message: ROSTER_MESSAGES.imported(data.miembros.length, data.sinEntrar) };
}
