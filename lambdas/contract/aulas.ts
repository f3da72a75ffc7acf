import * as z from 'zod';
import { text, uuidId } from './common';
import { percent } from './course-views';

// Aulas (issue 25, docs/aulas.md): a premium learner (the teacher) opens an aula, assigns their own
// courses or diplomado to it, and learners join with an invitation code. Before joining, a learner is
// told exactly what the teacher will see (SHARED_WITH_TEACHER); leaving ends it at once.

export const AULA_NAME_MAX = 80;
/** Invitation codes: 8 symbols of an alphabet without look-alikes (no I, L, O, 0, 1): 31^8 ≈ 8.5·10^11 codes. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
/** The SPA's join page for a code: what the teacher copies and sends. */
export const inviteLink = (codigo: string) => `/aulas/unirse/${codigo}`;

/** What the teacher sees of a member, said to the learner before joining (and nothing else). */
export const SHARED_WITH_TEACHER = [
  'Tu nombre',
  'Tu progreso por módulo en los cursos asignados',
  'Tus resultados en las evaluaciones de esos cursos (nota, intentos y las preguntas que fallas)',
  'Tus certificados de esos cursos',
] as const;
/** Said as plainly: what stays private. */
export const NOT_SHARED_WITH_TEACHER = [
  'Tu correo electrónico',
  'Tus otros cursos y diplomados',
  'Tus conversaciones con el tutor y tus materiales',
] as const;

const CODE_REFUSED = 'El código de invitación no es válido: son 8 letras y números.';
/** A code as typed: spaces and dashes dropped, any case. */
export const inviteCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
  z.string({ error: 'El código de invitación es obligatorio' })
    .min(1, 'El código de invitación es obligatorio')
    .regex(new RegExp(`^[${INVITE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`), CODE_REFUSED),
);

/**
 * Issue 31: whether members may share their copies of the aula's courses publicly (the content is the
 * teacher's). Not allowed unless the teacher says so.
 */
const permiteCompartir = z.boolean({ error: 'permiteCompartir debe ser verdadero o falso' }).optional();

export const aulaRequest = z.object({ nombre: text('El nombre del aula', AULA_NAME_MAX), permiteCompartir }).strict();
export type AulaRequest = z.infer<typeof aulaRequest>;

/** PUT /aulas/{id}/asignaciones: the whole list of what the aula studies (courses and diplomados of the teacher's own). */
export const assignmentRequest = z
  .object({
    cursos: z.array(uuidId('El curso'), { error: 'La lista de cursos no es válida' }).max(50, 'Demasiados cursos'),
    diplomados: z.array(uuidId('El diplomado'), { error: 'La lista de diplomados no es válida' }).max(10, 'Demasiados diplomados').default([]),
    /** Absent: the aula's setting stays as it is. */
    permiteCompartir,
    /**
     * The course ids the teacher's page showed when they chose (absent: what the request itself reads). A course the
     * aula studies now that is not among them was added meanwhile (Deep Linking, another tab) and is kept.
     */
    vistos: z.array(z.string().max(64), { error: 'La lista de cursos vistos no es válida' }).max(50, 'Demasiados cursos').optional(),
  })
  .strict();
export type AssignmentRequest = z.infer<typeof assignmentRequest>;

export const joinRequest = z.object({ codigo: inviteCode }).strict();
export type JoinRequest = z.infer<typeof joinRequest>;

export const assignedCourse = z.object({
  /** The teacher's course: members study their own copy of it. */
  courseId: z.string(),
  titulo: z.string(),
  modulos: z.array(z.object({ moduleId: z.string(), titulo: z.string(), lecciones: z.number().int() })),
  /** Set when the course came with a diplomado the teacher assigned. */
  diplomado: z.object({ diplomadoId: z.string(), titulo: z.string() }).optional(),
});
export type AssignedCourse = z.infer<typeof assignedCourse>;

/** An aula as its teacher sees it. */
export const aulaView = z.object({
  aulaId: z.string(),
  nombre: z.string(),
  codigo: z.string(),
  enlace: z.string(),
  miembros: z.number().int(),
  maxMiembros: z.number().int(),
  cursos: z.array(assignedCourse),
  creadoEn: z.string(),
  /** Members may share their copies publicly (POST /courses/{id}/share); false unless the teacher allowed it (the API always sends it). */
  permiteCompartir: z.boolean().optional(),
});
export type AulaView = z.infer<typeof aulaView>;

/** An aula as one of its members sees it: their own copies, never the others. */
export const membershipView = z.object({
  aulaId: z.string(),
  nombre: z.string(),
  profesor: z.string(),
  unidoEn: z.string(),
  cursos: z.array(z.object({ courseId: z.string(), titulo: z.string(), miCurso: z.string().optional() })),
});
export type MembershipView = z.infer<typeof membershipView>;

export const myAulas = z.object({ comoProfesor: z.array(aulaView), comoMiembro: z.array(membershipView) });
export type MyAulas = z.infer<typeof myAulas>;

/** GET /aulas/invitacion/{code}: what a learner reads before joining. */
export const invitationPreview = z.object({
  aulaId: z.string(),
  nombre: z.string(),
  profesor: z.string(),
  cursos: z.array(z.object({ titulo: z.string() })),
  compartes: z.array(z.string()),
  noCompartes: z.array(z.string()),
  completa: z.boolean(),
  yaEresMiembro: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const moduleResult = z.object({
  moduleId: z.string(),
  titulo: z.string(),
  progreso: percent,
  evaluacion: z.object({ intentos: z.number().int(), mejorNota: z.number().nullable(), aprobado: z.boolean() }),
});
export const memberCourse = z.object({
  courseId: z.string(),
  titulo: z.string(),
  estado: z.enum(['sin_empezar', 'en_curso', 'completado']),
  progreso: percent,
  modulos: z.array(moduleResult),
  certificado: z.object({ certificateId: z.string(), fecha: z.string() }).optional(),
});
export type MemberCourse = z.infer<typeof memberCourse>;
export const memberView = z.object({
  userId: z.string(),
  nombre: z.string(),
  unidoEn: z.string(),
  progreso: percent,
  /** 25 points or more under the group's median progress (docs/aulas.md). */
  rezagado: z.boolean(),
  cursos: z.array(memberCourse),
});
export type MemberView = z.infer<typeof memberView>;
export const missedQuestion = z.object({
  courseId: z.string(),
  curso: z.string(),
  moduleId: z.string(),
  enunciado: z.string(),
  fallos: z.number().int(),
  respuestas: z.number().int(),
});
export type MissedQuestion = z.infer<typeof missedQuestion>;

/** A question of the teacher's bank that item statistics withdrew from every draw (issue 41 item 3), and why. */
export const withdrawnQuestion = z.object({
  courseId: z.string(),
  curso: z.string(),
  moduleId: z.string(),
  enunciado: z.string(),
  /** Why, in Spanish (WITHDRAWAL_TEXT in lambdas/evaluations/item-quality.ts). */
  motivo: z.string(),
  /** Answers across every bank holding the question, and the share right (0–100). */
  respuestas: z.number().int(),
  aciertos: z.number().int(),
});
export type WithdrawnQuestion = z.infer<typeof withdrawnQuestion>;

/** GET /aulas/{id}/grupo: the teacher's page. */
export const aulaGroupView = z.object({
  aula: aulaView,
  medianaProgreso: z.number(),
  miembros: z.array(memberView),
  preguntasMasFalladas: z.array(missedQuestion),
  preguntasRetiradas: z.array(withdrawnQuestion).optional(),
});
export type AulaGroupView = z.infer<typeof aulaGroupView>;
