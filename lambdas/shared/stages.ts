import { channel } from 'node:diagnostics_channel';

// Where a course's first module spends its time (issue 42): the pipeline marks the stages of its
// path (the Outline task running, its model request, the first token, the first module complete and
// stored) on a Node diagnostics channel. Nothing listens on AWS, where a mark costs one boolean
// check; the bench (`npm run bench realistic-model`) and the tests subscribe in the same process
// and read the stages in order. Marks carry no text of the course, only its ids.

export const STAGES_CHANNEL = 'mentora:course-stages';

export type CourseStage =
  /** The Outline task's code runs (after its function's init, its queue mark and its turn). */
  | 'outline-task'
  /** The outline's model request is built and handed to the sender (the model budget's take comes next). */
  | 'outline-request'
  /** The first fragment of the outline's tool input arrived. */
  | 'outline-first-token'
  /** A module's visible part (title, description, objectives, lessons) is complete and valid. */
  | 'module-complete'
  /** That module is stored on the course and its job moved: a poll of the course or the job sees it. */
  | 'module-stored';

export interface StageMark {
  stage: CourseStage;
  courseId: string;
  /** The module's index, for the module stages. */
  index?: number;
  /** performance.now() of this process when the stage was reached. */
  at: number;
}

const stages = channel(STAGES_CHANNEL);

/** Marks a stage of a course's path; free when nobody listens. */
export function markStage(stage: CourseStage, courseId: string, index?: number): void {
  if (stages.hasSubscribers) stages.publish({ stage, courseId, ...(index !== undefined && { index }), at: performance.now() } satisfies StageMark);
}
