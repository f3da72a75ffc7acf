import * as z from 'zod';
import { bloomLevel, objectiveId } from './objectives';

// The "Mapa de dominio" (issue 32 item 3): a learner's mastery of a course, objective by objective,
// and what to do next; the dashboard's next step across courses. docs/learning.md "Mapa de dominio".

/**
 * What the map shows of an objective: mastered, on the way (some evidence, below mastery), not
 * started (no evidence), or to review (it was mastered and time has faded it: issue 41, docs/learning.md).
 */
export const MASTERY_STATES = ['dominado', 'en_progreso', 'por_empezar', 'por_repasar'] as const;
export type MasteryState = (typeof MASTERY_STATES)[number];
export const MASTERY_STATE_LABEL: Record<MasteryState, string> = { dominado: 'Dominado', en_progreso: 'En progreso', por_empezar: 'Por empezar', por_repasar: 'Por repasar' };

export const masteryObjective = z.object({
  id: objectiveId,
  enunciado: z.string(),
  bloom: bloomLevel,
  estado: z.enum(MASTERY_STATES),
  /** P(mastered), 0–1 (the prior when there is no evidence yet). */
  estimacion: z.number(),
  /** Standard deviation of the mastery state, sqrt(p(1 − p)). */
  incertidumbre: z.number(),
  evidencias: z.number(),
  /** The lesson that teaches it (the first one when several do). */
  leccion: z.object({ lessonId: z.string(), titulo: z.string() }).optional(),
});
export type MasteryObjective = z.infer<typeof masteryObjective>;

export const masteryModule = z.object({
  moduleId: z.string(),
  titulo: z.string(),
  dominados: z.number(),
  objetivos: z.array(masteryObjective),
});

/**
 * What to do next: study the lesson of the weakest objective (`estudiar`), take the module's
 * evaluation once its lessons are read (`evaluar`), review a faded objective (`repasar`), start the next
 * module only once the current one is mastered (`siguiente_modulo`), or keep it fresh (`completado`).
 */
export const NEXT_STEP_KINDS = ['estudiar', 'evaluar', 'repasar', 'siguiente_modulo', 'completado'] as const;
export const nextStep = z.object({
  tipo: z.enum(NEXT_STEP_KINDS),
  /** One Spanish sentence saying what and why. */
  texto: z.string(),
  courseId: z.string(),
  moduleId: z.string().optional(),
  lessonId: z.string().optional(),
  objetivoId: objectiveId.optional(),
  /** The state of that objective; `por_repasar` (faded) is shown with its word and icon (issue 41 item 4). */
  estado: z.enum(MASTERY_STATES).optional(),
});
export type NextStep = z.infer<typeof nextStep>;

export const courseMastery = z.object({
  courseId: z.string(),
  modulos: z.array(masteryModule),
  siguiente: nextStep,
});
export type CourseMastery = z.infer<typeof courseMastery>;

/** The dashboard: the step on the weakest objective across the learner's courses (none before any evidence). */
export const masteryNextStep = z.object({
  siguiente: nextStep.extend({ curso: z.string() }).nullable(),
});
export type MasteryNextStep = z.infer<typeof masteryNextStep>;
