import { withDeadline, type LambdaContextLike } from '../shared/ai/deadline';
import { dynamoQualityCounters } from '../shared/ai/quality-counters';
import { generationModel } from '../shared/ai/bedrock-client';
import { dynamoModelBudget } from '../shared/ai/model-budget-store';
import { dynamoTurnStore } from '../shared/ai/model-turns-store';
import { waitingAs, withTurn, type TurnGrant } from '../shared/ai/model-turns';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { observe, type InvocationContext } from '../shared/observability';
import { dynamoCourseStore, dynamoGenerationStore, dynamoModuleSlots, dynamoOutlineReviewStore, type GenerationInput } from '../course-model';
import * as tasks from './tasks';
import { dynamoGenerationQueue, inQueue } from './generation-queue';
import { outlineReviewTask, type ReviewInput } from './outline-review';
import { taskKey, turnTask, type TurnInput } from './turns';
import { answerTaskToken, taskTokenAnswer } from './turn-wake';
import { moduleReadyTask, releaseModulesTask, type ReleaseInput, type SlotInput } from './module-slots';
import { tableBudget, tableSpendCharge } from '../plans';
import { materialGrounding } from '../grounding';
import { bedrockEmbed, dynamoMaterialStore } from '../materials';
import { dynamoUserStore } from '../user-profile';

// Lambda entry points of the state machine's Task states (one function each in AWS, so each
// gets its own timeout; the local runner calls them in-process by state name).

const config = readConfig({ TABLE_NAME: tableName });
// Every call takes from the model budget first (issue 23, lambdas/shared/ai/model-budget.ts), in
// turn behind the courses already waiting for its model (issue 35, model-turns.ts).
const budget = dynamoModelBudget(documentClient(), config.TABLE_NAME);
const turns = dynamoTurnStore(documentClient(), config.TABLE_NAME, budget, taskTokenAnswer);
budget.queued = turns.queued;
// A call of a task under way waits in the queue at its course's place (read once, marking the course waiting).
budget.awaitTurn = async (modelId, tokens, until) => {
  const at = await waitingAs((c) => queue.wait(c.userId, c.jobId));
  return at && turns.waitHere({ modelId, tokens, ...at }, until);
};
const deps: tasks.TaskDeps = {
  model: generationModel(budget),
  gen: dynamoGenerationStore(documentClient(), config.TABLE_NAME),
  forRun: (jobId) => dynamoGenerationStore(documentClient(), config.TABLE_NAME, jobId),
  store: dynamoCourseStore(documentClient(), config.TABLE_NAME),
  quality: dynamoQualityCounters(documentClient(), config.TABLE_NAME),
  budget: tableBudget(config.TABLE_NAME),
  // Issue 24: lessons of a course built from the learner's materials are written from retrieved passages.
  grounding: materialGrounding({ store: dynamoMaterialStore(documentClient(), config.TABLE_NAME), embed: bedrockEmbed, charge: tableSpendCharge(config.TABLE_NAME) }),
  // Issue 33: lessons follow the learner's country and form of address.
  learner: dynamoUserStore(documentClient(), config.TABLE_NAME),
  // Issue 42: each module's lessons start as soon as the module is stored.
  slots: { slots: dynamoModuleSlots(documentClient(), config.TABLE_NAME), answer: answerTaskToken },
};

// Every task is observed (lambdas/shared/observability.ts) with the job id, which is also the
// execution's name, as correlation id. Model calls inside a task give up before the invocation ends
// (lambdas/shared/ai/deadline.ts). A task the model budget refuses marks its course waiting in the
// queue the learner sees, and the next that gets through takes the mark away (generation-queue.ts).
type Context = LambdaContextLike & InvocationContext;
const queue = dynamoGenerationQueue(documentClient(), config.TABLE_NAME);
// The tasks after which a course no longer waits, whatever its last refusal.
const ENDS = new Set(['finalize', 'markFailed']);
const task = <I extends { course?: { jobId?: string; userId?: string } }, R>(name: string, run: (input: I, context?: Context) => Promise<R>) =>
  (input: I, context?: Context) => observe(name, input.course?.jobId, context, () => inQueue(queue, input.course, () => run(input, context), ENDS.has(name)));

// The model tasks' functions are also their turn states (OutlineTurn, LessonTurn, EvaluationTurn:
// given the task token) where a refused task waits for the budget in order (turns.ts); run again,
// a task spends the budget its turn was given (`turn.grant`).
type Turned = { turn?: { grant?: TurnGrant } };
const turnDeps = { store: turns, plan: budget.plan, wake: taskTokenAnswer, wait: queue.wait };
const modelTask = <I extends { course?: { jobId?: string; userId?: string } } & Turned, R>(name: TurnInput['task'], run: (input: I, context?: Context) => Promise<R>) => {
  const asTask = task(name, (input: I, context?: Context) => withTurn(input.turn?.grant, () => run(input, context), turnOf(name, input)));
  return (input: I | TurnInput, context?: Context) =>
    'token' in input && 'state' in input
      ? observe(`${name}Turn`, input.state.course.jobId, context, () => turnTask(turnDeps, input, deadlineOf(context)))
      : asTask(input, context);
};
const turnOf = (name: TurnInput['task'], input: { course?: { jobId?: string; userId?: string } }) => {
  const { userId, jobId } = input.course ?? {};
  return userId && jobId ? { course: { userId, jobId }, task: taskKey({ task: name, state: input as TurnInput['state'] }) } : undefined;
};
const deadlineOf = (context?: Context) => (context?.getRemainingTimeInMillis ? Date.now() + context.getRemainingTimeInMillis() : undefined);

const writeOutline = modelTask('outline', (input: GenerationInput, context) => withDeadline(context, () => tasks.outlineTask(deps, input)));
// The same function is the module slots' ModuleReady (given a slot and its task token) and ReleaseModules (issue 42, module-slots.ts).
export const outline = (input: GenerationInput | TurnInput | SlotInput | ReleaseInput, context?: Context) =>
  'slot' in input
    ? observe('moduleReady', input.course.jobId, context, () => moduleReadyTask(deps.slots!, input))
    : 'release' in input
      ? observe('releaseModules', input.course.jobId, context, () => releaseModulesTask(deps.slots!, input))
      : writeOutline(input, context);
// The same function is the Lesson state and its Catch, LessonFailed (which passes `failed`).
export const lesson = modelTask('lesson', (input: tasks.LessonInput & { failed?: tasks.TaskFailure }, context) =>
  input.failed ? tasks.markLessonFailedTask(deps, { ...input, failed: input.failed }) : withDeadline(context, () => tasks.lessonTask(deps, input)));
export const evaluation = modelTask('evaluation', (input: tasks.ModuleInput, context) => withDeadline(context, () => tasks.evaluationTask(deps, input)));
export const finalize = task('finalize', (input: GenerationInput) => tasks.finalizeTask(deps, input));
export const markFailed = task('markFailed', (input: GenerationInput & { error?: { Error?: string; Cause?: string } }) => tasks.markFailedTask(deps, input));
// OutlineReview (given the task token, through `lambda:invoke.waitForTaskToken`) and its timeout path OutlineKept (`kept`).
const review = dynamoOutlineReviewStore(documentClient(), config.TABLE_NAME);
export const outlineReview = task('outlineReview', (input: ReviewInput) => outlineReviewTask(review, input));

/** Task state name -> handler, for the local Step Functions runner. */
export const taskHandlers = {
  Outline: outline, Lesson: lesson, LessonFailed: lesson, Evaluation: evaluation, Finalize: finalize, MarkFailed: markFailed, OutlineReview: outlineReview, OutlineKept: outlineReview,
  OutlineTurn: outline, LessonTurn: lesson, EvaluationTurn: evaluation, ModuleReady: outline, ReleaseModules: outline,
};
