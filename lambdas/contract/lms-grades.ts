import * as z from 'zod';

// The teacher's view of what an LMS course's aula sends back to the LMS (issue 45 items 4-5, docs/lti.md
// "Grades" and "Roster"): each score's state, and the LMS course's members who have not opened Mentora yet.

/** The three states the teacher reads, in Spanish as shown. */
export const LMS_SCORE_STATES = { pendiente: 'pendiente', enviada: 'enviada al LMS', error: 'error, reintentar' } as const;

export const lmsScoreView = z.object({
  /** The score's id in the aula (for the retry). */
  nota: z.string(),
  userId: z.string(),
  nombre: z.string(),
  /** The LMS activity (resource link) it goes to. */
  actividad: z.string(),
  puntos: z.number(),
  maximo: z.number(),
  estado: z.enum(['pendiente', 'enviada', 'error']),
  error: z.string().optional(),
  fecha: z.string(),
});
export type LmsScoreView = z.infer<typeof lmsScoreView>;

/** The roles the roster shows, in Spanish as shown. */
export const LMS_ROSTER_ROLES = { profesor: 'Profesor', estudiante: 'Estudiante', otro: 'Otro rol' } as const;

/**
 * NRPS (docs/lti.md "Roster"): the LMS course's members as the teacher last imported them, each with only what the
 * aula's join screen says the teacher sees (the name, as the LMS gives it), the LMS role, and whether they have
 * launched Mentora into this aula yet. `disponible`: a launch named the course's membership service.
 */
export const lmsRosterView = z.object({
  disponible: z.boolean(),
  /** An import is running now (another request's). */
  importando: z.boolean(),
  importadaEn: z.string().optional(),
  /** Who has not launched first. */
  miembros: z.array(z.object({ nombre: z.string(), rol: z.enum(['profesor', 'estudiante', 'otro']), haEntrado: z.boolean() })),
  /** Learners who have not launched yet. */
  sinEntrar: z.number(),
});
export type LmsRosterView = z.infer<typeof lmsRosterView>;

export const lmsAulaView = z.object({
  /** Whether any launch brought a gradebook column (AGS line item) for this aula. */
  conNotas: z.boolean(),
  /**
   * The LMS activities (plain links, not made by Deep Linking) that send no grade: launched only while the aula studied
   * several courses (or none), so no course is theirs (docs/lti.md "Grades"). By their title in the LMS.
   */
  sinCurso: z.array(z.object({ actividad: z.string() })),
  /** Newest first. */
  notas: z.array(lmsScoreView),
  /** The LMS course's roster as last imported (POST /aulas/{id}/lms/miembros imports it). */
  lista: lmsRosterView,
});
export type LmsAulaView = z.infer<typeof lmsAulaView>;

const NOTA_REFUSED = 'Esa nota no es de esta aula.';
export const lmsRetryRequest = z.object({ nota: z.string({ error: NOTA_REFUSED }).regex(/^[\w-]{1,128}#[\w-]{16}#[\w-]{1,128}#[\w-]{1,128}#\d{1,4}$/, NOTA_REFUSED) });
export type LmsRetryRequest = z.infer<typeof lmsRetryRequest>;
