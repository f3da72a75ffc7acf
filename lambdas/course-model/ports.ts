import type { PlanRequest } from '../contract';

/**
 * Decides whether a learner may create another course (plan quotas). The payments work plugs
 * its adapter in here; until then `allowAllQuota` lets every request through.
 */
export interface QuotaPort {
  /**
   * Throws an AppError (Spanish message) when the learner's plan allows no more courses now. Holds the
   * run's estimated cost of the month's AI budget under `reserva` (the run's job id) until `settle`.
   */
  assertCanCreateCourse(userId: string, request: PlanRequest, reserva: string): Promise<void>;
  /** Ends run `reserva`'s hold (a run that could not start; the pipeline settles the ones that ran). */
  settle?(userId: string, reserva: string): Promise<void>;
  /** Gives back the course unit and ends the hold of a start refused after the check (its courses at once). */
  giveBack?(userId: string, reserva: string): Promise<void>;
}
export const allowAllQuota: QuotaPort = { assertCanCreateCourse: () => Promise.resolve() };

/** The state machine input: everything a task needs to find and write its course. */
export interface GenerationInput {
  course: {
    userId: string;
    courseId: string;
    jobId: string;
    topic: string;
    level: string;
    objetivos: string[];
    modulos: number;
    leccionesPorModulo: number;
    /** Wait for the learner's edits after the outline (OutlineReview, issue 15). */
    revisarTemario?: boolean;
    /** Issue 24: the learner's materials the lessons are written from (ids; titles are on the course item). */
    materiales?: string[];
  };
  /** True when generating again after a failure: tasks keep what already exists. */
  resume: boolean;
}

/** Starts the generation workflow (Step Functions); answers the execution's id. */
export interface CourseWorkflow {
  start(name: string, input: GenerationInput): Promise<string>;
}
