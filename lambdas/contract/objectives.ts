import * as z from 'zod';

// Objectives are data (issue 32, shared with issue 33's content checks): the one shape every prompt,
// schema, store, view and check uses. docs/learning.md explains the model built on it.
//
// - A module has 2 to 5 objectives, ids o1..o5 in order, unique within the module. Across a course an
//   objective is addressed as `${moduleId}.${objectiveId}` (objectiveKey), e.g. "m02.o3".
// - Each lesson of the outline names the ids of the objectives it teaches (`objetivos: ['o1', 'o2']`);
//   every objective is taught by at least one lesson.
// - Each question names the one objective it measures (`objetivoId`) and its Bloom level (`bloom`), and
//   each wrong option the misconception choosing it reveals (`conceptoErroneo`, plain Spanish).
// - Courses written before this (objectives as free text, questions with a free-text `objetivo`) get one
//   objective per lesson: lesson l0N teaches oN, whose statement is the lesson's title at `comprender`,
//   and a question measures its lesson's objective (legacyObjectives). No model job rewrites them: the
//   mapping is exact (every old question names its lesson) and costs nothing.

/** Bloom's revised taxonomy, in Spanish, lowest first. */
export const BLOOM_LEVELS = ['recordar', 'comprender', 'aplicar', 'analizar', 'evaluar', 'crear'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];
export const bloomLevel = z.enum(BLOOM_LEVELS, { error: 'El nivel de Bloom no es válido' });

/** How a learner reads each level (the Mapa de dominio, the outline editor). */
export const BLOOM_LABEL: Record<BloomLevel, string> = {
  recordar: 'Recordar', comprender: 'Comprender', aplicar: 'Aplicar', analizar: 'Analizar', evaluar: 'Evaluar', crear: 'Crear',
};

/** Above recall: at least half of an attempt's questions measure one of these (OBJECTIVE_RULES.minAboveRecall). */
export const isAboveRecall = (b: BloomLevel | undefined): boolean => b !== undefined && b !== 'recordar';

export const OBJECTIVE_ID = /^o[1-9]$/;
export const objectiveId = z.string({ error: 'El objetivo no es válido' }).regex(OBJECTIVE_ID, 'El objetivo no es válido');

export const OBJECTIVE_RULES = {
  minPerModule: 2,
  maxPerModule: 5,
  /** Share of an attempt's questions above `recordar`. */
  minAboveRecall: 0.5,
} as const;

/** One objective of a module, as stored and as every view shows it. */
export const objective = z
  .object({
    id: objectiveId,
    /** Measurable: a verb the learner can be seen doing ("Calcula…", "Distingue…", "Explica…"). */
    enunciado: z.string().trim().min(5).max(200),
    bloom: bloomLevel,
  })
  .strict();
export type Objective = z.infer<typeof objective>;

/** The course-wide address of an objective. */
export const objectiveKey = (moduleId: string, id: string): string => `${moduleId}.${id}`;

/** Courses from before objectives were data: one objective per lesson, in lesson order (see above). */
export function legacyObjectives(lessons: readonly { lessonId: string; titulo: string }[]): Objective[] {
  return lessons.slice(0, 9).map((l, i) => ({ id: `o${i + 1}`, enunciado: l.titulo.slice(0, 200), bloom: 'comprender' as const }));
}

/** The objective a legacy question (no `objetivoId`) measures: its lesson's, by the legacy mapping. */
export function legacyObjectiveOf(lessonIds: readonly string[], lessonId: string | undefined): string | undefined {
  const i = lessonId ? lessonIds.indexOf(lessonId) : -1;
  return i >= 0 && i < 9 ? `o${i + 1}` : undefined;
}
