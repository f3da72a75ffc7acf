import type { QualityCounters } from '../shared/ai/quality-counters';
import type { Meter, StructuredModel, StructuredResult } from '../shared/ai/structured-output';
import { allMeters, meteredModel } from '../shared/ai/metered-model';
import type { LearnerProfiles } from '../shared/ai/lesson-context';
import { type CourseItem, type CourseStore, type GenerationInput, type GenerationStore, type OutlineModule, RunSuperseded, type Spend } from '../course-model';
import type { AiBudget } from '../plans';
import type { Grounding } from '../grounding';
import { logger } from '../shared/logger';
import type { SlotDeps } from './module-slots';

// What the course pipeline's tasks (tasks.ts, outline-task.ts) are given, and the helpers they share:
// a run's own writes and meters, the check that a run still owns its course, the grounding of a
// course from the learner's materials.

export interface TaskDeps {
  model: StructuredModel;
  gen: GenerationStore;
  store: CourseStore;
  /** Text-check failures per prompt version (lambdas/shared/ai/quality-counters.ts); none counted when absent. */
  quality?: QualityCounters;
  /**
   * The generation store of one run (generation-store.ts, `run`): its writes require the course to
   * be still generating under that job, so a run the sweeper or a Catch failed, or a retry replaced,
   * writes nothing (issue 23). `gen` as it is when absent (unit fakes).
   */
  forRun?: (jobId: string) => GenerationStore;
  /**
   * The learner's monthly model budget: every call of the course is drawn from the hold the route took
   * under the run's job id (and charged past it); the run's end settles the hold.
   */
  budget?: Pick<AiBudget, 'meterFor' | 'settle'>;
  /** Issue 24: retrieval from the learner's materials, for a course built from them. */
  grounding?: Grounding;
  /** Issue 33: the learner's profile, for their country and form of address (tú when absent or unreadable). */
  learner?: LearnerProfiles;
  /** Issue 42: the module slots waiting for their modules (module-slots.ts); none answered while streaming when absent. */
  slots?: SlotDeps;
}
export type Course = GenerationInput['course'];
export interface ModuleInput { course: Course; resume: boolean; titulo: string; module: OutlineModule }
export interface LessonInput extends ModuleInput { lesson: OutlineModule['lecciones'][number] }

/**
 * A call that failed (a second invalid answer, a cut answer, a throttled fallback) was still
 * billed: its tokens go to the course too (a successful call's are written with what it produced).
 */
export const failedCallsMeter = (gen: Pick<GenerationStore, 'spend'>, userId: string, courseId: string): Meter => async (s) => {
  if (s.ok) return;
  await gen.spend(userId, courseId, { usage: s.usage, modelId: s.modelId, promptVersion: s.promptVersion, purpose: s.purpose, demo: s.demo })
    .catch((error: unknown) => logger.error('could not add a failed model call to its course', { error: error as Error, courseId, modelId: s.modelId }));
};

/** The deps of one run's task: writes bound to the course's current run, every model call charged to the course and the learner's month. */
export const ofRun = (deps: TaskDeps, c: Course): TaskDeps => {
  const gen = deps.forRun ? deps.forRun(c.jobId) : deps.gen;
  return { ...deps, gen, model: meteredModel(deps.model, allMeters(failedCallsMeter(gen, c.userId, c.courseId), deps.budget?.meterFor(c.userId, c.jobId))) };
};

/** A run that lost its course (failed, restarted, deleted) stops before paying for the model. */
export async function stillOwned(deps: TaskDeps, c: Course, stored?: CourseItem) {
  if (!deps.forRun) return;
  const course = stored ?? (await deps.store.get(c.userId, c.courseId));
  if (course?.estado !== 'generando' || course.jobId !== c.jobId) throw new RunSuperseded(`Run ${c.jobId} no longer generates this course`);
}

/** A grounded course is never written from the model's memory: without retrieval wired, its task fails. */
export const groundingOf = (deps: TaskDeps) => {
  if (!deps.grounding) throw new Error('This course is built from materials but the task has no grounding');
  return deps.grounding;
};
/** The course's materials with their titles (kept on the course item when it was planned). */
export async function materialsOf(deps: TaskDeps, c: Course, stored?: CourseItem) {
  const course = stored ?? (await deps.store.get(c.userId, c.courseId));
  return course?.materiales ?? (c.materiales ?? []).map((materialId) => ({ materialId, titulo: '' }));
}

export const spendOf = (r: StructuredResult<unknown>, purpose: string): Spend => ({ usage: r.usage, modelId: r.modelId, promptVersion: r.promptVersion, purpose, demo: r.demo });
