import { AsyncLocalStorage } from 'node:async_hooks';

// Turns for the model budget (issue 35): in order, per model. A course task the budget refuses does
// not sleep out a backoff; it waits in a per-model queue (`TURN#<model id>`, sorted by its course's
// place: in turn between learners, then by when the course was asked for, issue 40,
// lambdas/pipeline/generation-queue.ts fairPlace) with a Step Functions task token, and whoever serves the
// queue (lambdas/pipeline/turns.ts, model-turns-store.ts) takes the budget for it, in order, and
// hands it over with SendTaskSuccess: the woken task's first call spends that grant instead of
// racing for the window. While anyone waits for a model, a course task's first call to it joins the
// queue instead of taking budget ahead of them. docs/capacity.md "Turns".

/** Budget already taken for a woken task, in the window the queue took it from. */
export interface TurnGrant {
  modelId: string;
  tokens: number;
  window: number;
}

/** Which course task runs: its place in a queue is its course's (generation-queue.ts fairPlace, read once per invocation when it first waits). */
export interface TurnTask {
  course: { userId: string; jobId: string };
  /** The task's key in the queue (turns.ts taskKey). */
  task: string;
}

interface TurnState {
  grant?: TurnGrant;
  /** The grant was spent by this invocation's first call to its model. */
  spent?: boolean;
  of?: TurnTask;
  /** The course's place, once read. */
  order?: string;
  /** Calls of this invocation that waited in the queue (each waits under its own key). */
  waits: number;
}

const turns = new AsyncLocalStorage<TurnState>();

/**
 * Runs a course task as one that keeps its turn: its first call to a model someone waits for joins
 * the queue, and `grant` (what the queue took for it, when it was woken) pays for its first call.
 * `of` names the task, so its later calls can wait in the queue at its course's place (model-turns-store.ts waitHere).
 */
export const withTurn = <T>(grant: TurnGrant | undefined, fn: () => Promise<T>, of?: TurnTask): Promise<T> => turns.run({ grant, of, waits: 0 }, fn);

/** The turn of the running task; none outside course tasks (model jobs and the tutor never queue: docs/capacity.md). */
export const currentTurn = () => turns.getStore();

/** The task running and its course's place (read once per invocation with `place`), with a fresh key for one more wait; none outside course tasks or when the job no longer runs. */
export async function waitingAs(place: (course: TurnTask['course']) => Promise<string | undefined>) {
  const t = turns.getStore();
  if (!t?.of) return undefined;
  t.order ??= await place(t.of.course);
  if (!t.order) return undefined;
  return { order: t.order, jobId: t.of.course.jobId, userId: t.of.course.userId, task: `${t.of.task}#${++t.waits}` };
}

/** The grant for `modelId`, spent now (once per invocation), if the task was woken with one. */
export function spendGrant(modelId: string): TurnGrant | undefined {
  const t = turns.getStore();
  if (!t?.grant || t.spent || t.grant.modelId !== modelId) return undefined;
  t.spent = true;
  return t.grant;
}

// What was refused travels in the error's message, which Step Functions passes to the Catch as
// `Cause` (as the message itself locally, inside Lambda's JSON error on AWS): the turn state reads
// the model and the tokens from it, so the task writes nothing when refused.
export const refusalNote = (modelId: string, tokens: number) => `[turn ${modelId} ${tokens}]`;

export function parseRefusal(cause: string | undefined): { modelId: string; tokens: number } | undefined {
  const m = /\[turn ([^\s\]"\\]+) (\d+)\]/.exec(cause ?? '');
  return m ? { modelId: m[1], tokens: Number(m[2]) } : undefined;
}

export const turnPk = (modelId: string) => `TURN#${modelId}`;
/** A waiter's place: its course's place (fair between learners, then request time) and job, then the task (one course's tasks sit together). */
export const turnSk = (order: string, jobId: string, task: string) => `${order}#${jobId}#${task}`;
