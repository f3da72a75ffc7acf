import { withDeadline, type LambdaContextLike } from '../shared/ai/deadline';
import { dynamoQualityCounters } from '../shared/ai/quality-counters';
import { structuredModel } from '../shared/ai/bedrock-client';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { dynamoCourseStore } from '../courses/course-store';
import { dynamoGenerationStore } from '../courses/generation-store';
import type { GenerationInput } from '../courses/ports';
import * as tasks from './tasks';

// Lambda entry points of the state machine's Task states (one function each in AWS, so each
// gets its own timeout; the local runner calls them in-process by state name).

const config = readConfig({ TABLE_NAME: tableName });
const deps: tasks.TaskDeps = {
  model: structuredModel(),
  gen: dynamoGenerationStore(documentClient(), config.TABLE_NAME),
  store: dynamoCourseStore(documentClient(), config.TABLE_NAME),
  quality: dynamoQualityCounters(documentClient(), config.TABLE_NAME),
};

// Model calls inside a task give up before the invocation ends (lambdas/shared/ai/deadline.ts).
export const outline = (input: GenerationInput, context?: LambdaContextLike) => withDeadline(context, () => tasks.outlineTask(deps, input));
// The same function is the Lesson state and its Catch, LessonFailed (which passes `failed`).
export const lesson = (input: tasks.LessonInput & { failed?: tasks.TaskFailure }, context?: LambdaContextLike) =>
  input.failed ? tasks.markLessonFailedTask(deps, { ...input, failed: input.failed }) : withDeadline(context, () => tasks.lessonTask(deps, input));
export const evaluation = (input: tasks.ModuleInput, context?: LambdaContextLike) => withDeadline(context, () => tasks.evaluationTask(deps, input));
export const finalize = (input: GenerationInput) => tasks.finalizeTask(deps, input);
export const markFailed = (input: GenerationInput & { error?: { Error?: string; Cause?: string } }) => tasks.markFailedTask(deps, input);

/** Task state name -> handler, for the local Step Functions runner. */
export const taskHandlers = { Outline: outline, Lesson: lesson, LessonFailed: lesson, Evaluation: evaluation, Finalize: finalize, MarkFailed: markFailed };
