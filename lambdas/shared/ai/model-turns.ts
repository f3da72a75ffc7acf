import { AsyncLocalStorage } from 'node:async_hooks';

// Turns for the model budget (issue 35): first come, first served, per model. A course task the
// budget refuses does not sleep out a backoff; it waits in a per-model queue (`TURN#<model id>`,
// sorted by when its course was asked for) with a Step Functions task token, and whoever serves the
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

interface TurnState {
  grant?: TurnGrant;
  /** The grant was spent by this invocation's first call to its model. */
  spent?: boolean;
}

const turns = new AsyncLocalStorage<TurnState>();

/**
 * Runs a course task as one that keeps its turn: its first call to a model someone waits for joins
 * the queue, and `grant` (what the queue took for it, when it was woken) pays for its first call.
 */
export const withTurn = <T>(grant: TurnGrant | undefined, fn: () => Promise<T>): Promise<T> => turns.run({ grant }, fn);

/** The turn of the running task; none outside course tasks (model jobs and the tutor never queue: docs/capacity.md). */
export const currentTurn = () => turns.getStore();

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
/** A waiter's place: its course's request time and job, then the task (one course's tasks sit together). */
export const turnSk = (order: string, jobId: string, task: string) => `${order}#${jobId}#${task}`;
