import type { BudgetPlan } from '../shared/ai/model-budget';
import { parseRefusal } from '../shared/ai/model-turns';
import { EDGE_MS, HERE, type TurnStore, type Wake } from '../shared/ai/model-turns-store';
import { clock } from '../shared/clock';
import { logger } from '../shared/logger';

// The turn states of the course state machine (OutlineTurn, LessonTurn, EvaluationTurn: Catch of
// BudgetExhausted, `lambda:invoke.waitForTaskToken` on the task's own function). The function puts
// the refused task in its model's queue with the state's token, serves the queue at once (budget
// may have freed since the refusal), and then, if courses still wait and no one else serves that
// model, stays to serve it at every window's start (the moment budget frees: a window's budget is
// spent when its calls start, docs/capacity.md) for up to SERVE_MS. Before it ends it hands the
// serving on: the first waiter is woken without a grant, its task is refused again (it keeps its
// place: same key) and its new turn serves. The state's TimeoutSeconds is the safety net: a turn
// never answered (a server lost with its Lambda) runs its task again, which queues again.
// docs/pipeline.md "Waiting for the model budget".

/** How long one turn's function serves its model's queue before handing on (well inside every task function's timeout). */
export const SERVE_MS = 45_000;

export interface TurnInput {
  task: 'outline' | 'lesson' | 'evaluation';
  token: string;
  state: {
    course: { userId: string; jobId: string };
    module?: { moduleId: string };
    lesson?: { lessonId: string };
    turn?: { Error?: string; Cause?: string };
  };
}

export interface TurnDeps {
  store: TurnStore;
  plan: BudgetPlan;
  wake: Wake;
  /** Marks the course waiting for the learner's view; answers its place (the job's createdAt), or nothing when the job no longer runs. */
  wait: (userId: string, jobId: string) => Promise<string | undefined>;
  sleep?: (ms: number) => Promise<void>;
}

export const taskKey = ({ task, state }: Pick<TurnInput, 'task' | 'state'>) =>
  task === 'outline' ? 'outline' : task === 'evaluation' ? `evaluation#${state.module?.moduleId}` : `lesson#${state.module?.moduleId}#${state.lesson?.lessonId}`;

export async function turnTask(deps: TurnDeps, input: TurnInput, deadline?: number) {
  const c = input.state.course;
  const refused = parseRefusal(input.state.turn?.Cause);
  const order = refused ? await deps.wait(c.userId, c.jobId) : undefined;
  // Nothing to queue for (an unreadable refusal, or a job no longer running): the task runs again at once and finds out.
  if (!refused || !order) return void (await deps.wake(input.token, { relay: true }));
  await deps.store.register({ ...refused, order, jobId: c.jobId, userId: c.userId, task: taskKey(input), token: input.token });
  await deps.store.pump(refused.modelId);
  const until = Math.min(Date.now() + SERVE_MS, (deadline ?? Infinity) - 15_000);
  await serve(deps, refused.modelId, input.token, until);
  return { queued: true };
}

/** Serves `modelId`'s queue at each window's start until `until` or until no one waits, unless another turn does already. */
export async function serve(deps: TurnDeps, modelId: string, holder: string, until: number) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let inTime = true;
  try {
    // A turn that found the lease held leaves the serving to its holder; a holder that saw no one
    // waiting looks again after it lets go, so a waiter who joined meanwhile is not left unserved.
    while (inTime && (await deps.store.queued(modelId)) && (await deps.store.lease(modelId, holder, until + 5_000))) {
      try {
        while ((inTime = Date.now() < until)) {
          const now = clock.now().getTime();
          await sleep(deps.plan.windowMs - (now % deps.plan.windowMs) + EDGE_MS);
          await deps.store.pump(modelId);
          if (!(await deps.store.queued(modelId))) break;
        }
      } finally {
        await deps.store.release(modelId, holder).catch((e: Error) => logger.warn('turn lease not released', { error: e.message }));
      }
    }
  } catch (error) {
    // A table or Step Functions error while serving: the turns that found the lease held left the
    // serving to this one, so nobody else serves. Hand it on as when time runs out; thrown, the error
    // left the queue unserved until the waiting states' 300-s safety net (issue 42: three of four
    // queued courses still waiting at a test's 240-s bound).
    logger.warn('turn serving failed, handing it on', { error: (error as Error).message });
    inTime = false;
  }
  // Out of time with courses still waiting: the first in line carries the serving on (woken without a grant, refused again, served by its new turn).
  if (inTime) return;
  // A call waiting inside its Lambda serves the queue itself, but only until it is granted: the relay
  // goes to the first waiter a state machine waits for, however many calls inside Lambdas are ahead
  // of it (looking at the first three only, a course's bank batches at the head hid it, and the later
  // courses slept out their turn states' 300-s timeout: 2026-11-28, the capacity bench).
  for (const w of await deps.store.waiters(modelId)) {
    if (w.token.startsWith(HERE)) continue;
    // A wake that fails tries the next waiter: one of them must carry the serving on.
    const woken = await deps.wake(w.token, { relay: true }).catch((e: Error) => void logger.warn('turn relay failed', { error: e.message }));
    if (woken) break;
  }
}
