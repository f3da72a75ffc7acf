import { AsyncLocalStorage } from 'node:async_hooks';

// The Lambda invocation's deadline, so a model call started deep inside a task never outlives the
// function: the client gives up (ModelTimeout, retried by the state machine) before Lambda kills it.

const deadlines = new AsyncLocalStorage<number>();

export interface LambdaContextLike {
  getRemainingTimeInMillis?: () => number;
}

/** Runs `fn` with the deadline of `context` (the handler's second argument), when there is one. */
export function withDeadline<T>(context: LambdaContextLike | undefined, fn: () => Promise<T>): Promise<T> {
  const remaining = context?.getRemainingTimeInMillis?.();
  return typeof remaining === 'number' ? deadlines.run(Date.now() + remaining, fn) : fn();
}

/** Epoch ms at which the current invocation ends, if known. */
export const currentDeadline = () => deadlines.getStore();
