import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../clock';
import { logger } from '../logger';
import { writeIf } from '../table-writes';
import { BudgetExhausted, type ModelBudget } from './model-budget';
import { turnPk, turnSk, type TurnGrant } from './model-turns';

// The turn queue's items (model-turns.ts): one per waiting course task, `TURN#<model id>` /
// `<course's place>#<job id>#<task>` (the place: in turn between learners, then when the course was
// asked for; lambdas/pipeline/generation-queue.ts fairPlace), holding the tokens its refused call asked for and the task
// token of the Step Functions state it waits in. A Query of the partition is the queue in order.
// Serving it (pump) takes budget for the waiters in order, then answers their tokens with the
// grant; a token that no longer waits (its state timed out, its run was stopped) gives the tokens
// back. A window takes calls until it is full, the last one borrowing what it lacks from the next
// window (model-budget-store.ts), so the head is served at the window it reaches the head in and
// nothing is left unused while anyone waits (docs/capacity.md, "Turns").
//
// A call of a task under way (a bank's next batch, a repair turn, the verifier) waits in the same
// queue at its course's place, inside its Lambda (waitHere): its item's token is `here:<uuid>`, and
// the pump grants it by moving it to a grant item (`TURN#<model id>#GRANT` / token) that the waiting
// Lambda reads after each window's pump. So every call made while anyone waits is served in the
// courses' order (their places), and none races the queue at a window's start.

const HOUR_S = 3600;
/** Waiters read per pump: far more than a window serves (a window holds a few calls). */
const READ = 40;
/** Refusals after which a pump stops (a refusal means the window is full; a call larger than a window, none today, may be refused alone). */
const FULL_AFTER = 3;
/** How long a pump holds its lock at most (a pump is a few DynamoDB and Step Functions calls). */
const PUMP_HOLD_MS = 10_000;
/** Tokens of waiters inside a Lambda (waitHere), as opposed to Step Functions task tokens. */
export const HERE = 'here:';
/**
 * The small requests' lane (docs/capacity.md "Turns", rule 4): an order that sorts before every
 * course's (an ISO time), so a model job's refused call is served at the next window, ahead of the
 * courses. Its waiters serve the lane alone (pumpLane): they never answer a state machine's token.
 */
export const LANE = '0#';
export const laneOrder = (at: Date) => `${LANE}${at.toISOString()}`;
/** After a window's start, so every Lambda's clock is past its edge. */
export const EDGE_MS = 25;
/** When a waiter inside a Lambda looks for its grant after pumping (another pump may be serving it). */
const LOOKS_MS = [0, 150, 400];

export interface Waiter {
  modelId: string;
  tokens: number;
  order: string;
  jobId: string;
  userId: string;
  task: string;
  token: string;
}

export type Wake = (token: string, output: { grant?: TurnGrant; relay?: true }) => Promise<boolean>;

export interface TurnStore {
  queued: (modelId: string) => Promise<boolean>;
  register: (w: Waiter) => Promise<void>;
  waiters: (modelId: string, limit?: number) => Promise<Waiter[]>;
  /** Serves the queue from the head with what the current window holds; answers how many were woken. */
  pump: (modelId: string) => Promise<number>;
  /** Waits inside the Lambda at `w`'s place until the queue grants it (true) or `until` (epoch ms) passes (false). */
  waitHere: (w: Omit<Waiter, 'token'>, until: number, sleep?: (ms: number) => Promise<void>) => Promise<boolean>;
  /** One server per model at a time: true when this caller holds the lease until `until` (epoch ms). */
  lease: (modelId: string, holder: string, until: number) => Promise<boolean>;
  release: (modelId: string, holder: string) => Promise<void>;
}

export function dynamoTurnStore(db: DynamoDBDocumentClient, table: string, budget: ModelBudget, wake: Wake): TurnStore {
  const key = (w: Pick<Waiter, 'modelId' | 'order' | 'jobId' | 'task'>) => ({ pk: turnPk(w.modelId), sk: turnSk(w.order, w.jobId, w.task) });
  const waiters = async (modelId: string, limit = READ) => {
    const out = await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': turnPk(modelId) }, Limit: limit, ConsistentRead: true }));
    return (out.Items ?? []) as Waiter[];
  };
  const leave = (w: Waiter) =>
    writeIf(db.send(new DeleteCommand({ TableName: table, Key: key(w), ConditionExpression: '#t = :t', ExpressionAttributeNames: { '#t': 'token' }, ExpressionAttributeValues: { ':t': w.token } })));
  const grantKey = (modelId: string, token: string) => ({ pk: `${turnPk(modelId)}#GRANT`, sk: token });
  // A waiter inside a Lambda is granted by moving its item to its grant item, in one transaction, so
  // a waiter that gave up (its item deleted) is never granted: the budget then goes back.
  const grantHere = async (w: Waiter, window: number) => {
    const expiresAt = Math.ceil(clock.now().getTime() / 1000) + HOUR_S;
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: table, Key: key(w), ConditionExpression: '#t = :t', ExpressionAttributeNames: { '#t': 'token' }, ExpressionAttributeValues: { ':t': w.token } } },
            { Put: { TableName: table, Item: { ...grantKey(w.modelId, w.token), window, tokens: w.tokens, expiresAt } } },
          ],
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') return false;
      throw error;
    }
  };
  /** Budget taken for a waiter nobody could hand it to goes back to its window (best effort). */
  const giveBack = (modelId: string, window: number, tokens: number) =>
    budget.giveBack?.(modelId, window, tokens).catch((e: Error) => logger.warn('turn grant not given back', { error: e.message }));
  const granted = async (modelId: string, token: string) =>
    (await db.send(new GetCommand({ TableName: table, Key: grantKey(modelId, token), ConsistentRead: true }))).Item !== undefined;
  async function pumpOnce(modelId: string) {
    let woken = 0;
    let refused = 0;
    const ws = await waiters(modelId);
    // Budget is taken in order, one waiter after another; the wake-ups then go out together (a
    // Step Functions call each), so the window's grants reach their tasks within one round trip.
    const taken: { w: Waiter; window: number }[] = [];
    for (const w of ws) {
      try {
        taken.push({ w, window: (await budget.take(modelId, w.tokens)).window });
      } catch (error) {
        if (!(error instanceof BudgetExhausted)) throw error;
        if (++refused >= FULL_AFTER) break;
      }
    }
    await Promise.all(
      taken.map(async ({ w, window }) => {
        const here = w.token.startsWith(HERE);
        const answered = here ? await grantHere(w, window) : await wake(w.token, { grant: { modelId, tokens: w.tokens, window } });
        if (!here) await leave(w);
        if (answered) woken++;
        // Nobody waits on that token any more (timed out, stopped): its tokens go back to the window.
        else await giveBack(modelId, window, w.tokens);
      }),
    );
    return woken;
  }
  // The lane's waiters serve the lane only, without the pump's lock: each grant is a conditional
  // transaction, so a waiter granted twice (this and a full pump at once) is granted once, and the
  // other's budget goes back.
  async function pumpLane(modelId: string) {
    for (const w of await waiters(modelId)) {
      if (!w.order.startsWith(LANE)) break;
      let window: number;
      try {
        window = (await budget.take(modelId, w.tokens)).window;
      } catch (error) {
        if (error instanceof BudgetExhausted) break;
        throw error;
      }
      if (!(await grantHere(w, window))) await giveBack(modelId, window, w.tokens);
    }
  }
  async function register(w: Waiter) {
    // Put: a task refused again keeps its place (the same key) with its new token.
    const expiresAt = Math.ceil(clock.now().getTime() / 1000) + HOUR_S;
    await db.send(new PutCommand({ TableName: table, Item: { ...key(w), ...w, expiresAt } }));
  }
  const store: TurnStore = {
    queued: async (modelId) => (await waiters(modelId, 1)).length > 0,
    waiters,
    register,
    async waitHere(at, until, sleep = (ms) => new Promise((r) => setTimeout(r, ms))) {
      const w: Waiter = { ...at, token: `${HERE}${randomUUID()}` };
      await register(w);
      for (;;) {
        // Serve the queue now (or ask its running pump to go again), then look for this call's grant.
        await (w.order.startsWith(LANE) ? pumpLane(w.modelId) : store.pump(w.modelId));
        for (const ms of LOOKS_MS) {
          if (ms) await sleep(ms);
          if (await granted(w.modelId, w.token)) return true;
        }
        const now = clock.now().getTime();
        const edge = budget.plan.windowMs - (now % budget.plan.windowMs) + EDGE_MS;
        if (Date.now() + edge > until) break;
        await sleep(edge);
      }
      // Out of time: leave the queue, unless the grant came meanwhile (then the item is gone).
      return !(await leave(w)) && (await granted(w.modelId, w.token));
    },
    async pump(modelId) {
      // One pump at a time per model, or two would grant the same head twice and the second's
      // refusals would skip waiters out of order. A pump asked for while another runs sets `again`,
      // and the running one serves the queue once more before it lets go: no wake-up is lost.
      const me = `${Date.now()}-${Math.random()}`;
      const lock = { pk: `${turnPk(modelId)}#SERVER`, sk: 'pump' };
      const now = clock.now().getTime();
      const got = await writeIf(
        db.send(
          new UpdateCommand({
            TableName: table,
            Key: lock,
            UpdateExpression: 'SET holder = :h, #u = :until, again = :f, expiresAt = :ttl',
            ConditionExpression: 'attribute_not_exists(#u) OR #u < :now',
            ExpressionAttributeNames: { '#u': 'until' },
            ExpressionAttributeValues: { ':h': me, ':until': now + PUMP_HOLD_MS, ':now': now, ':f': false, ':ttl': Math.ceil(now / 1000) + HOUR_S },
          }),
        ),
      );
      if (!got) {
        await db.send(new UpdateCommand({ TableName: table, Key: lock, UpdateExpression: 'SET again = :t', ExpressionAttributeValues: { ':t': true } }));
        return 0;
      }
      let woken = 0;
      for (;;) {
        try {
          woken += await pumpOnce(modelId);
        } catch (error) {
          // Let go at once: held, the lock would turn every pump away for PUMP_HOLD_MS, their wake-ups with it.
          await writeIf(db.send(new DeleteCommand({ TableName: table, Key: lock, ConditionExpression: 'holder = :h', ExpressionAttributeValues: { ':h': me } }))).catch(() => undefined);
          throw error;
        }
        const released = await writeIf(db.send(new DeleteCommand({ TableName: table, Key: lock, ConditionExpression: 'holder = :h AND again = :f', ExpressionAttributeValues: { ':h': me, ':f': false } })));
        if (released) return woken;
        // Asked again meanwhile (or the hold ran out and another took it: then it serves).
        const kept = await writeIf(
          db.send(new UpdateCommand({ TableName: table, Key: lock, UpdateExpression: 'SET again = :f, #u = :until', ConditionExpression: 'holder = :h', ExpressionAttributeNames: { '#u': 'until' }, ExpressionAttributeValues: { ':h': me, ':f': false, ':until': clock.now().getTime() + PUMP_HOLD_MS } })),
        );
        if (!kept) return woken;
      }
    },
    async lease(modelId, holder, until) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: table,
            Key: { pk: `${turnPk(modelId)}#SERVER`, sk: 'lease' },
            UpdateExpression: 'SET holder = :h, #u = :until, expiresAt = :ttl',
            ConditionExpression: 'attribute_not_exists(#u) OR #u < :now OR holder = :h',
            ExpressionAttributeNames: { '#u': 'until' },
            ExpressionAttributeValues: { ':h': holder, ':until': until, ':now': clock.now().getTime(), ':ttl': Math.ceil(until / 1000) + HOUR_S },
          }),
        ),
      );
    },
    async release(modelId, holder) {
      await writeIf(db.send(new DeleteCommand({ TableName: table, Key: { pk: `${turnPk(modelId)}#SERVER`, sk: 'lease' }, ConditionExpression: 'holder = :h', ExpressionAttributeValues: { ':h': holder } })));
    },
  };
  return store;
}
