import { currentDeadline } from './deadline';
import { ModelError, classifyModelError } from './model-errors';

// One bounded, resilient model request. Who retries what (docs/pipeline.md "Retries"):
// - the SDK: never (maxAttempts 1);
// - here: throttling only, exponential backoff with full jitter for up to about a minute, within
//   the invocation's deadline. The conversation (and any repair turn) is kept, no Lambda re-runs;
// - the state machine: ModelUnavailable, ModelTimeout, Lambda errors, and a throttle that outlasted
//   this minute (twice, 2–30 s apart), so a sustained throttle costs at most 3 minutes in a task.

export interface RetryPolicy {
  /** Total time spent waiting between throttled attempts, ms. */
  throttleBudgetMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Kept free before the invocation's deadline, for writing the result or failing cleanly. */
  marginMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  throttleBudgetMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  marginMs: 5_000,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  random: Math.random,
  now: Date.now,
};

/** Full jitter (AWS Architecture Blog, "Exponential backoff and jitter"): uniform in [0, min(cap, base·2^n)]. */
export const fullJitter = (attempt: number, p: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>) =>
  Math.floor(p.random() * Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt));

/**
 * Calls `request` with an abort signal that fires after `boundMs` (or before the invocation's
 * deadline, whichever is sooner); a throttled request is tried again after a jittered wait.
 */
export async function boundedRequest<T>(request: (signal: AbortSignal) => Promise<T>, boundMs: number, policy: RetryPolicy = DEFAULT_RETRY): Promise<T> {
  const started = policy.now();
  for (let attempt = 0; ; attempt++) {
    const deadline = currentDeadline();
    const left = deadline === undefined ? Infinity : deadline - policy.now() - policy.marginMs;
    const timeoutMs = Math.min(boundMs, left);
    if (timeoutMs <= 0) throw new ModelError('ModelTimeout', 'No time left in this invocation for a model call');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await request(controller.signal);
    } catch (error) {
      // Refused by the model budget before any request (model-budget.ts): the state machine waits, not this loop.
      if ((error as Error | undefined)?.name === 'BudgetExhausted') throw error;
      const failure = controller.signal.aborted ? new ModelError('ModelTimeout', `The model did not answer within ${timeoutMs} ms`) : classifyModelError(error);
      if (failure.name !== 'ModelThrottled') throw failure;
      const wait = fullJitter(attempt, policy);
      const spent = policy.now() - started;
      if (spent + wait > policy.throttleBudgetMs || policy.now() + wait >= (deadline ?? Infinity) - policy.marginMs) throw failure;
      await policy.sleep(wait);
    } finally {
      clearTimeout(timer);
    }
  }
}
