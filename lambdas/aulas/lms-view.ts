import type { LmsAulaView, LmsScoreView } from '../contract';
import { rosterView, STUCK_REASON, stuck, type LmsGrades, type LmsScore, type ScoreJobs } from '../lms-grades';
import { notFound } from '../shared/errors';
import type { AulaStore } from './aula-store';
import { AULA_NOT_FOUND } from './messages';

// The teacher's view of an LMS course's aula's grades (docs/lti.md "Grades"): each score and its state
// ("enviada al LMS", "pendiente", "error, reintentar"), and the retry of a failed one. Only the aula's teacher;
// anyone else (its learners, another aula's teacher) is told the aula does not exist, as for the group view.
// What is shown of a learner is what the join screen says the teacher sees: the name and the result. With them,
// the LMS course's roster as last imported (docs/lti.md "Roster"; the lti room imports it).

export interface LmsViewDeps {
  store: Pick<AulaStore, 'group'>;
  grades: Pick<LmsGrades, 'scores' | 'score' | 'links' | 'reopen' | 'rosterSource' | 'roster' | 'launchedSubs'>;
  jobs: ScoreJobs;
  now: () => Date;
}

export const NOTA_NOT_FOUND = 'Esa nota no es de esta aula.';
export const RETRY_MESSAGES = {
  requeued: 'Volvemos a enviar la nota al LMS.',
  sent: 'Esa nota ya llegó al LMS: no se envía otra vez.',
  pending: 'Esa nota ya se está enviando al LMS.',
} as const;

async function taughtGroup(deps: LmsViewDeps, teacherId: string, aulaId: string) {
  const { aula, members } = await deps.store.group(aulaId);
  if (!aula || aula.teacherId !== teacherId) throw notFound(AULA_NOT_FOUND);
  return new Map(members.map((m) => [m.userId, m.nombre]));
}

/** A score stuck pending (no job of its round will send it: see `stuck`) reads as failed, with its reason. */
const shown = (s: LmsScore, now: Date): LmsScore => (stuck(s, now) ? { ...s, estado: 'error', error: STUCK_REASON } : s);

const viewOf = (names: Map<string, string>, now: Date, score: LmsScore): LmsScoreView => {
  const s = shown(score, now);
  return {
    nota: s.nota, userId: s.userId, nombre: names.get(s.userId) ?? 'Ya no está en el aula',
    actividad: s.titulo ?? (s.moduloId ? 'Evaluación del módulo' : 'Curso completo'),
    puntos: s.scoreGiven, maximo: s.scoreMaximum, estado: s.estado, ...(s.estado === 'error' && s.error && { error: s.error }), fecha: s.timestamp,
  };
};

/** GET /aulas/{id}/lms */
export async function lmsView(deps: LmsViewDeps, teacherId: string, aulaId: string): Promise<LmsAulaView> {
  const names = await taughtGroup(deps, teacherId, aulaId);
  const now = deps.now();
  const nowS = Math.floor(now.getTime() / 1000);
  const [scores, links, source, roster, subs] = await Promise.all([
    deps.grades.scores(aulaId), deps.grades.links(aulaId), deps.grades.rosterSource(aulaId), deps.grades.roster(aulaId, nowS), deps.grades.launchedSubs(aulaId),
  ]);
  return {
    conNotas: links.length > 0,
    sinCurso: links.filter((l) => !l.cursoId).map((l) => ({ actividad: l.enLms ?? 'Actividad sin título' })).sort((a, b) => a.actividad.localeCompare(b.actividad, 'es')),
    notas: scores.sort((a, b) => b.creadaEn.localeCompare(a.creadaEn)).map((s) => viewOf(names, now, s)),
    lista: rosterView(source, roster, subs.map((s) => s.sub)),
  };
}

/**
 * POST /aulas/{id}/lms/reintentar: a failed score, or one stuck pending (its job never started), goes back to
 * 'pendiente' and its next round's job starts. Idempotent: only one retry of a round reopens it (a conditional
 * write), so twenty at once start one job; a score sent or still being sent is answered as it is, nothing posted.
 */
export async function retryLmsScore(deps: LmsViewDeps, teacherId: string, aulaId: string, nota: string): Promise<{ data: LmsScoreView; message: string }> {
  const names = await taughtGroup(deps, teacherId, aulaId);
  const score = await deps.grades.score(aulaId, nota);
  if (!score) throw notFound(NOTA_NOT_FOUND);
  const now = deps.now();
  if ((score.estado === 'error' || stuck(score, now)) && (await deps.grades.reopen(aulaId, nota, score.ronda, now))) {
    await deps.jobs.start(aulaId, nota, score.ronda + 1);
    return { data: viewOf(names, now, { ...score, estado: 'pendiente', ronda: score.ronda + 1, encoladaEn: now.toISOString() }), message: RETRY_MESSAGES.requeued };
  }
  const current = (await deps.grades.score(aulaId, nota)) ?? score;
  return { data: viewOf(names, now, current), message: current.estado === 'enviada' ? RETRY_MESSAGES.sent : RETRY_MESSAGES.pending };
}
