import { logger } from '../shared/logger';
import { scoreId, type LineItemSpec, type LmsGrades, type LmsLink, type LmsScore } from './grade-items';
import type { ScoreJobs } from './score-jobs';

// A graded attempt in an LMS course's aula becomes one score per line item that grades it (docs/lti.md
// "Grades"): a link naming the module gets the attempt's score (0-100); a link of the whole course gets the
// share of modules passed (0-100), Completed once every module is passed. A link grades one course of the aula
// (its `cursoId`, the teacher's course): an aula may study several, each with a module `m01`, and one course's
// attempt never reaches another course's line item. Written once per attempt and link (a conditional put), then
// its job starts; nothing here talks to the LMS.

export interface GradedAttempt {
  userId: string;
  /** The learner's copy: its aula, and `deCurso`, the teacher's course it copies (what the aula's links name). */
  course: { courseId: string; titulo?: string; deAula?: string; deCurso?: string; modulos: { moduleId: string; titulo?: string }[] };
  moduleId: string;
  /** The attempt's number in the module (1, 2, …): with the course and module, the attempt's identity. */
  intento: number;
  score: number;
  fecha: string;
  /** Modules of the course passed, this attempt counted (read only when a course-wide link needs it). */
  modulesPassed(): Promise<number>;
}

export interface AfterAttemptDeps {
  grades: Pick<LmsGrades, 'learnerSub' | 'links' | 'enqueue' | 'markFailed'>;
  jobs: ScoreJobs;
  now: () => Date;
}

/** The links that grade this attempt: of its course (a link naming no course grades nothing), the whole course or its module. */
export const gradesAttempt = (link: Pick<LmsLink, 'cursoId' | 'moduloId' | 'lineitem' | 'lineitems'>, a: Pick<GradedAttempt, 'course' | 'moduleId'>) =>
  !!link.cursoId && link.cursoId === a.course.deCurso && (!link.moduloId || link.moduloId === a.moduleId) && !!(link.lineitem || link.lineitems);

/** The column a plain link gets when the job makes it: Deep Linking's `lineItem` for the same activity (label, resourceId, tag). */
export function columnOf(link: Pick<LmsLink, 'cursoId' | 'moduloId'>, course: GradedAttempt['course']): LineItemSpec {
  const modulo = link.moduloId && course.modulos.find((m) => m.moduleId === link.moduloId);
  if (link.moduloId) return { label: `Evaluación: ${(modulo && modulo.titulo) || link.moduloId}`, resourceId: `${link.cursoId}/${link.moduloId}`, tag: 'evaluacion', scoreMaximum: 100 };
  return { label: course.titulo || 'Curso de Mentora', resourceId: link.cursoId!, tag: 'curso', scoreMaximum: 100 };
}

/** The scores this attempt makes, queued: answers how many were new. A learner who never launched from the LMS has none. */
export async function scoreAfterAttempt(deps: AfterAttemptDeps, a: GradedAttempt): Promise<number> {
  const aulaId = a.course.deAula;
  if (!aulaId) return 0;
  const sub = await deps.grades.learnerSub(aulaId, a.userId);
  if (!sub) return 0;
  const links = (await deps.grades.links(aulaId)).filter((l) => gradesAttempt(l, a));
  let queued = 0;
  let passed: number | undefined;
  for (const link of links) {
    const whole = !link.moduloId;
    if (whole) passed ??= await a.modulesPassed();
    const total = a.course.modulos.length;
    const score: LmsScore = {
      nota: scoreId(a.userId, link.resourceLinkId, `${a.course.courseId}#${a.moduleId}#${a.intento}`),
      userId: a.userId, sub, issuer: link.issuer, clientId: link.clientId, ...(link.registro && { registro: link.registro }),
      // The link's line item; none yet (a plain link in a platform that lets Mentora manage them): the job finds or makes it.
      ...(link.lineitem ? { lineitem: link.lineitem } : { columna: columnOf(link, a.course) }),
      resourceLinkId: link.resourceLinkId, ...(link.titulo && { titulo: link.titulo }), ...(link.moduloId && { moduloId: link.moduloId }),
      // Out of 100 either way, as Deep Linking's line items are made (SCORE_MAXIMUM in lambdas/lti/deep-linking.ts).
      scoreGiven: whole ? Math.round((100 * passed!) / Math.max(1, total)) : a.score,
      scoreMaximum: 100,
      activityProgress: whole && passed! < total ? 'InProgress' : 'Completed',
      // AGS §3.4.8: a course still in progress is a partial score ("Pending": the value may be updated), never a
      // final one; a platform that shows only final grades (Moodle) then shows none rather than a 0 while studying.
      gradingProgress: whole && passed! < total ? 'Pending' : 'FullyGraded',
      timestamp: a.fecha,
      estado: 'pendiente', ronda: 0, creadaEn: deps.now().toISOString(),
    };
    if (!(await deps.grades.enqueue(aulaId, score))) continue;
    queued++;
    try {
      await deps.jobs.start(aulaId, score.nota, 0);
    } catch (error) {
      // Not queued: the teacher sees it failed and can send it again (its retry starts the job).
      logger.warn('score job not started', { error });
      await deps.grades.markFailed(aulaId, score.nota, 'No se pudo poner en cola el envío.');
    }
  }
  return queued;
}
