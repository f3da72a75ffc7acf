import { clock } from '../clock';
import { currentDeadline } from './deadline';
import type { BedrockSender } from './bedrock-sender';
import { currentTurn, refusalNote, spendGrant } from './model-turns';

// The model budget (issue 23): course generation and model jobs take tokens from a per-model budget
// before each Bedrock call, so a launch-day crowd queues instead of throttling the account's quota.
// Configuration lives here, in one place.
//
// - The quota: Bedrock's "Cross-Region InvokeModel tokens per minute for <model>" (Service Quotas,
//   per model and region). DEFAULT_TPM is a placeholder until the account's live value is copied in:
//   read it before launch; MODEL_TPM=<tokens per minute> overrides it for every model (the local
//   stack sets it from MENTORA_LLM_TPM so the budget matches the local quota).
// - What a call costs the quota: Bedrock reserves input + maxTokens when a request starts (AWS,
//   "How tokens are counted in Amazon Bedrock"), so the budget takes the same: the request's
//   characters ÷ INPUT_CHARS_PER_TOKEN (a little more than Bedrock's count, on purpose) + maxTokens.
// - The tutor's share: TUTOR_SHARE of every model's quota is never taken by generation, so a chat
//   answers while courses generate (the tutor does not take from the budget; it uses what is left).
// - Windows: DynamoDB cannot sum a sliding minute in a condition, so the minute is cut into k fixed
//   windows, each allowing 1/(k+1) of generation's share: any 60 s (which overlaps at most k+1 windows)
//   then holds at most generation's share, as Bedrock's sliding minute counts it. A full window
//   lends its last call what it lacks from the next (model-budget-store.ts), so LARGEST_CALL is kept
//   out of the windows' allowances: the loan across a minute's edge still fits generation's share,
//   and the tutor's share stays the tutor's (with the loan counted against it, the capacity bench's
//   tutor waited 31 s for its first words behind 21 throttled calls). k is 1 to 6, as many as keep
//   a window at least LARGEST_CALL before that deduction.

export const DEFAULT_TPM = 200_000;
export const TUTOR_SHARE = 0.25;
export const INPUT_CHARS_PER_TOKEN = 3.6;
/** The largest single reservation the pipeline makes (a bank batch: ≈ 3.2k input + 4.5k maxTokens), with room. */
export const LARGEST_CALL = 10_000;
const MINUTE_MS = 60_000;

export interface BudgetPlan {
  tpm: number;
  /** Tokens generation may hold in any minute: the quota less the tutor's share. */
  generation: number;
  windowMs: number;
  perWindow: number;
}

/** The quota of `modelId` and how generation's share of it is cut into windows. */
export function budgetPlan(env: NodeJS.ProcessEnv = process.env): BudgetPlan {
  const fromEnv = Number(env.MODEL_TPM);
  const tpm = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TPM;
  const generation = Math.floor(tpm * (1 - TUTOR_SHARE));
  const windows = Math.min(6, Math.max(1, Math.floor(generation / LARGEST_CALL) - 1));
  // Tests shorten the quota's minute (the local Bedrock's too, MENTORA_LLM_TPM's window) to run a queue in seconds.
  const minute = Number(env.MODEL_BUDGET_MINUTE_MS) > 0 ? Number(env.MODEL_BUDGET_MINUTE_MS) : MINUTE_MS;
  return { tpm, generation, windowMs: minute / windows, perWindow: Math.floor((generation - LARGEST_CALL) / (windows + 1)) };
}

/** The named error the state machines wait on (ASL Retry on BudgetExhausted): no Lambda sleeps for its turn. */
export class BudgetExhausted extends Error {
  override name = 'BudgetExhausted';
}

/** Takes `tokens` of `modelId`'s budget in the current window, or throws BudgetExhausted. */
export interface ModelBudget {
  take: (modelId: string, tokens: number) => Promise<{ window: number }>;
  plan: BudgetPlan;
  /** Puts back tokens taken in `window` that no call will spend (a grant whose task was gone). */
  giveBack?: (modelId: string, window: number, tokens: number) => Promise<void>;
  /** Whether a course task waits its turn for `modelId` (model-turns.ts): a newcomer then queues behind it. */
  queued?: (modelId: string) => Promise<boolean>;
  /**
   * A call of a course task under way waits in the turn queue at its course's place, inside its
   * Lambda, until the queue grants it (true: the budget is taken) or `until` passes (false);
   * undefined when no course task runs (nothing to wait as).
   */
  awaitTurn?: (modelId: string, tokens: number, until: number) => Promise<boolean | undefined>;
  /**
   * Small requests (model jobs: a lesson written again, a bank, suggestions): a refused call, their
   * first included, waits through `awaitTurn` (at the queue's head, model-turns-store.ts LANE)
   * instead of going back to its state machine's Retry (docs/capacity.md "Turns", rule 4).
   */
  firstCallWaits?: boolean;
}

interface ConverseInputLike {
  modelId?: string;
  system?: unknown;
  toolConfig?: unknown;
  messages?: unknown;
  inferenceConfig?: { maxTokens?: number };
}

/** What a Converse request reserves of its model's quota: its input, estimated, plus maxTokens. */
export const reservationOf = (input: ConverseInputLike) =>
  Math.ceil(JSON.stringify([input.system ?? '', input.toolConfig ?? {}, input.messages ?? '']).length / INPUT_CHARS_PER_TOKEN) + (input.inferenceConfig?.maxTokens ?? 0);

export interface BudgetedOptions {
  sleep?: (ms: number) => Promise<void>;
  /** Kept free before the invocation's deadline. */
  marginMs?: number;
}

// Invocations (by their deadline) that already took budget: a task under way (a bank's parallel
// batches, a repair turn) may wait for the next window inside its Lambda rather than lose what it
// paid for; a task's first call never waits (BudgetExhausted: the state machine waits its turn).
const admitted = new Map<number, true>();
const remember = (deadline: number | undefined) => {
  if (deadline === undefined) return;
  for (const d of admitted.keys()) if (d < Date.now()) admitted.delete(d);
  admitted.set(deadline, true);
};

/** A Bedrock client whose every request first takes its reservation from the budget. */
export function budgetedSender(client: BedrockSender, budget: ModelBudget, opts: BudgetedOptions = {}): BedrockSender {
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const margin = opts.marginMs ?? 10_000;
  const take = async (input: ConverseInputLike) => {
    const modelId = input.modelId ?? '';
    const tokens = reservationOf(input);
    const deadline = currentDeadline();
    // Woken by the turn queue: the budget was taken for this call already (model-turns.ts); a
    // bigger request than the one refused takes only the difference.
    const grant = spendGrant(modelId);
    if (grant) {
      remember(deadline);
      if (tokens > grant.tokens) await budget.take(modelId, tokens - grant.tokens).catch(() => undefined);
      return;
    }
    const underway = deadline !== undefined && admitted.has(deadline);
    // A call of a task under way waits in the turn queue at its course's place (when the task is
    // known: awaitTurn answers undefined otherwise, and the call waits for the next window alone).
    const waitTurn = async (why: string) => {
      const may = deadline !== undefined && (underway || budget.firstCallWaits);
      const granted = may ? await budget.awaitTurn?.(modelId, tokens, deadline - margin) : undefined;
      if (granted === false) throw new BudgetExhausted(`${modelId}: ${why}, no turn before the task's deadline ${refusalNote(modelId, tokens)}`);
      if (granted) remember(deadline);
      return granted === true;
    };
    // While courses wait for this model, a course task's calls keep their course's place (first come,
    // first served): its first call queues behind them (the state machine waits its turn); a call of
    // a task under way (it holds paid-for work) waits in the same queue inside its Lambda, served in
    // the same order, instead of racing the queue for each window (issue 35).
    if (currentTurn() && (await budget.queued?.(modelId))) {
      if (!underway) throw new BudgetExhausted(`${modelId}: courses asked for before wait their turn ${refusalNote(modelId, tokens)}`);
      if (await waitTurn('courses wait')) return;
    }
    for (;;) {
      try {
        await budget.take(modelId, tokens);
        remember(deadline);
        return;
      } catch (error) {
        if (!(error instanceof BudgetExhausted)) throw error;
        if (!underway && !budget.firstCallWaits) throw new BudgetExhausted(`${error.message} ${refusalNote(modelId, tokens)}`);
        if (await waitTurn('the window is spent')) return;
        if (!underway) throw new BudgetExhausted(`${error.message} ${refusalNote(modelId, tokens)}`);
        const now = clock.now().getTime();
        const wait = budget.plan.windowMs - (now % budget.plan.windowMs) + Math.floor(Math.random() * 500);
        if (Date.now() + wait > deadline - margin) throw error;
        await sleep(wait);
      }
    }
  };
  return {
    send: async (command: { input: ConverseInputLike }, options?: { abortSignal?: AbortSignal }) => {
      await take(command.input);
      return client.send(command as never, options);
    },
  };
}

/** The partition of course jobs waiting for budget (lambdas/pipeline/generation-queue.ts), read by GET /jobs/{id}. */
export const QUEUE_PK = 'COLA#generacion';
export const queueSk = (since: string, jobId: string) => `${since}#${jobId}`;
/** A waiting mark not refreshed for this long is not counted (its course stopped waiting without saying so). */
export const QUEUE_FRESH_MS = 8 * 60_000;

/**
 * What one pipeline step reserves of the writer model, on average (input + maxTokens, the capacity
 * tables' figures): an outline ≈ 6k, a lesson ≈ 7.5k, a module's bank ≈ 5 calls of ≈ 10.5k; a 2 × 2
 * course's 8 steps ≈ 141k, a 5 × 4's 27 ≈ 420k. For the wait shown to the courses queued behind.
 * Since issue 42 a bank is 10 calls of ≈ 8.8k (batches of four): a 5 × 4 course's steps average
 * ≈ 22k, so the wait shown errs short, as it already did (docs/pipeline.md "The learner sees the queue").
 */
export const STEP_TOKENS = 16_000;
export const remainingTokens = (total: number, done: number) => Math.max(1, total - done) * STEP_TOKENS;

/** How long generation's budget takes to serve `tokens` (ms): a window's allowance per window. */
export const serveMs = (tokens: number, plan: BudgetPlan = budgetPlan()) => (tokens / plan.perWindow) * plan.windowMs;
