import type { LmsAulas } from '../aulas';
import { NOT_SHARED_WITH_TEACHER, SHARED_WITH_TEACHER } from '../contract';
import type { LmsGrades } from '../lms-grades';
import { INSTRUCTOR_ROLES } from './claims';
import { registrationScope, sha256, type LaunchItem, type ThroughRegistration } from './lti-items';

// Where a launch lands the person it signed in (issue 45 item 2, docs/lti.md "Where a launch lands"). The LMS
// course (its context) names one aula, through a key of the registration, the deployment and the context id,
// so no launch of another course or platform can reach it. Only a role of this context's membership makes a
// teacher: an institution role (`…/institution/person#Instructor`: a teacher somewhere in the school) or a
// role in another course is not one here.

/**
 * Issue 45 item 4: on a learner's first launch into an LMS course's aula, /lti/entrar says, before they study,
 * which platform receives their grade and what their teacher sees (the aula's join screen's own lists).
 */
export interface GradeNotice {
  /** The platform's name as it calls itself (`tool_platform.name`), or its host. */
  plataforma: string;
  /** The issuer's host: the name alone could be anything a platform chose. */
  host: string;
  /** What the platform's gradebook receives. */
  recibe: string[];
  profesorVe: string[];
  profesorNoVe: string[];
}

export interface Landing {
  destino: string;
  /** Said on /lti/entrar before moving on, when the launch could not land where it meant to. */
  aviso?: string;
  avisoNotas?: GradeNotice;
}

export const GRADE_SENT = [
  'Tu nota (de 0 a 100) en las evaluaciones y cursos de Mentora que tu profesor enlazó como actividades',
  'Si la entregaste o completaste, y la fecha',
] as const;

const gradeNotice = (launch: LaunchItem): GradeNotice => {
  const host = new URL(launch.issuer).host;
  return { plataforma: launch.plataforma ?? host, host, recibe: [...GRADE_SENT], profesorVe: [...SHARED_WITH_TEACHER], profesorNoVe: [...NOT_SHARED_WITH_TEACHER] };
};

export const LANDING = {
  noContext: 'Tu plataforma abrió Mentora fuera de un curso: te llevamos a tu inicio.',
  noAulaYet: 'Tu profesor todavía no ha abierto Mentora en este curso. Cuando lo haga, vuelve a abrir la actividad desde tu plataforma.',
  otherTeacher: 'Esta aula ya tiene otro profesor en Mentora: la ves en tus aulas solo si te unes con su código.',
  full: 'El aula de este curso está completa. Pide a tu profesor que libere un lugar.',
  teacherHere: 'Eres el profesor de esta aula.',
} as const;

/** The key the aulas room knows the LMS course by. */
/** The key the aulas room knows the LMS course by: the registration instance (lti-items.ts registrationScope), deployment and context. */
export const lmsCourseKey = (l: ThroughRegistration & Pick<LaunchItem, 'deploymentId'>, contextId: string) =>
  sha256([...registrationScope(l), l.deploymentId, contextId].join('\n'));

export const isInstructor = (roles: readonly string[]) => roles.some((r) => INSTRUCTOR_ROLES.includes(r));

type Grades = Pick<LmsGrades, 'bindLink' | 'bindLearner'> & Partial<Pick<LmsGrades, 'bindRosterSource'>>;

/**
 * Grades (docs/lti.md "Grades"): the launch's line item for its resource link, and a learner's LMS `sub` (AGS names
 * them by it). `cursos`: the teacher's courses the aula studies now. Roster ("Roster"): the course's membership URL,
 * and, on the aula's teacher's launch, who they are.
 */
async function bindGrades(grades: Grades | undefined, aulaId: string, cursos: string[], launch: LaunchItem, learnerId?: string) {
  if (!grades) return;
  const at = new Date().toISOString();
  if (launch.nrps && launch.contextId && grades.bindRosterSource) {
    const source = {
      url: launch.nrps, contextId: launch.contextId, issuer: launch.issuer, clientId: launch.clientId, deploymentId: launch.deploymentId,
      ...(launch.registro && { registro: launch.registro }), actualizadoEn: at,
    };
    await grades.bindRosterSource(aulaId, source, learnerId ? undefined : launch.sub);
  }
  if ((launch.ags?.lineitem || launch.ags?.lineitems) && launch.resourceLinkId) {
    // A Deep Linking activity grades its course, or that module's evaluation of it; a plain link (no target of
    // Mentora's) grades the aula's course when it studies exactly one, and keeps that course afterwards.
    const cursoId = launch.actividad?.courseId;
    const moduloId = cursoId && launch.actividad?.moduleId;
    const solo = cursos.length === 1 ? cursos[0] : undefined;
    // The platform's line item for the link; without one, its container (the score job finds or makes the column).
    const column = launch.ags.lineitem ? { lineitem: launch.ags.lineitem } : { lineitems: launch.ags.lineitems };
    await grades.bindLink(aulaId, { resourceLinkId: launch.resourceLinkId, ...column, ...(launch.resourceLinkTitle && { enLms: launch.resourceLinkTitle }), issuer: launch.issuer, clientId: launch.clientId, ...(launch.registro && { registro: launch.registro }), ...(cursoId && { cursoId }), ...(moduloId && { moduloId }), actualizadoEn: at }, solo);
  }
  if (learnerId) await grades.bindLearner(aulaId, learnerId, launch.sub, at);
}

export const landing = (aulas: Pick<LmsAulas, 'teach' | 'learn'>, grades?: Grades) => async (launch: LaunchItem, userId: string): Promise<Landing> => {
  if (!launch.contextId) return { destino: '/dashboard', aviso: LANDING.noContext };
  const course = { key: lmsCourseKey(launch, launch.contextId), titulo: launch.contextTitle };
  if (isInstructor(launch.roles)) {
    const taught = await aulas.teach(userId, course);
    if ('aulaId' in taught) await bindGrades(grades, taught.aulaId, taught.cursos, launch);
    return 'aulaId' in taught ? { destino: `/aulas/${taught.aulaId}` } : { destino: '/aulas', aviso: LANDING.otherTeacher };
  }
  const learned = await aulas.learn(userId, course);
  if ('aulaId' in learned) await bindGrades(grades, learned.aulaId, learned.cursos, launch, userId);
  if ('sinAula' in learned) return { destino: '/dashboard', aviso: LANDING.noAulaYet };
  if ('completa' in learned) return { destino: '/aulas', aviso: LANDING.full };
  if ('esProfesor' in learned) return { destino: '/aulas', aviso: LANDING.teacherHere };
  const notice = learned.unidoAhora ? { avisoNotas: gradeNotice(launch) } : {};
  // A linked activity (Deep Linking): the learner's copy of that course, at that module's evaluation.
  const linked = launch.actividad && learned.copias[launch.actividad.courseId];
  if (linked) return { destino: `/course/${linked}${launch.actividad?.moduleId ? `?modulo=${launch.actividad.moduleId}&evaluacion` : ''}`, ...notice };
  // One course assigned: straight into the learner's own copy of it; otherwise their aulas, where each copy is.
  const copies = Object.values(learned.copias);
  return { destino: copies.length === 1 ? `/course/${copies[0]}` : '/aulas', ...notice };
};
