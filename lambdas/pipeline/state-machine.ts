import definition from './state-machine.asl.json';

// The one ASL definition, used by the CDK stack (DefinitionSubstitutions) and the local runner.

/** Placeholders in the ASL's Task `Resource` fields, one per task function. */
export const TASK_ARN_PLACEHOLDERS = {
  Outline: 'OutlineFunctionArn',
  Lesson: 'LessonFunctionArn',
  Evaluation: 'EvaluationFunctionArn',
  Finalize: 'FinalizeFunctionArn',
  MarkFailed: 'MarkFailedFunctionArn',
  OutlineReview: 'OutlineReviewFunctionArn',
} as const;
export type TaskName = keyof typeof TASK_ARN_PLACEHOLDERS;

/** The handler export implementing each task, in lambdas/pipeline/handler.ts. */
export const TASK_EXPORTS: Record<TaskName, string> = { Outline: 'outline', Lesson: 'lesson', Evaluation: 'evaluation', Finalize: 'finalize', MarkFailed: 'markFailed', OutlineReview: 'outlineReview' };

/**
 * Task states that call another task's function (same `Resource`): LessonFailed runs the lesson
 * function; each model task's turn state (issue 35, turns.ts) runs the task's own function.
 */
export const TASK_STATE_ALIASES: Record<string, TaskName> = {
  LessonFailed: 'Lesson', OutlineKept: 'OutlineReview', OutlineTurn: 'Outline', LessonTurn: 'Lesson', EvaluationTurn: 'Evaluation',
  // Issue 42: a module slot waits for its module, and the outline's end releases them, on the outline's function.
  ModuleReady: 'Outline', ReleaseModules: 'Outline',
};

export const courseGenerationAsl = definition;

/** The definition text with `${Placeholder}` replaced, as Step Functions does with DefinitionSubstitutions. */
export function substitute(substitutions: Record<string, string>): string {
  return JSON.stringify(definition).replace(/\$\{(\w+)\}/g, (whole, name: string) => substitutions[name] ?? whole);
}
