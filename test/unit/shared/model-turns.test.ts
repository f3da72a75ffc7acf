import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { installClock, systemClock } from '../../../lambdas/shared/clock';
import type { BedrockSender } from '../../../lambdas/shared/ai/bedrock-client';
import { BudgetExhausted, budgetedSender, type BudgetPlan } from '../../../lambdas/shared/ai/model-budget';
import { dynamoModelBudget } from '../../../lambdas/shared/ai/model-budget-store';
import { withDeadline } from '../../../lambdas/shared/ai/deadline';
import { parseRefusal, refusalNote, waitingAs, withTurn } from '../../../lambdas/shared/ai/model-turns';
import { HERE, dynamoTurnStore, laneOrder, type Waiter, type Wake } from '../../../lambdas/shared/ai/model-turns-store';
import { serve } from '../../../lambdas/pipeline/turns';

// Issue 35: the model budget's turn queue on DynamoDB Local. Waiters are served in the order their
// courses were asked for, with the budget taken for them; the last call a window takes borrows what
// it lacks from the next (no idle remainder); a token nobody waits on gives its tokens back; a course
// task queues behind waiters instead of taking ahead of them, and a woken one spends its grant.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let db: DynamoDBDocumentClient;
let now = Date.parse('2026-11-27T10:00:00.000Z');
beforeAll(async () => {
  dynamo = await startDynamo();
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.url, region: LOCAL_REGION, credentials: localCredentials }), { marshallOptions: { removeUndefinedValues: true } });
  installClock({ now: () => new Date(now) });
}, 240_000); // DynamoDB Local's start: a bound, not a pace (a JVM on two shared cores)
afterAll(async () => {
  installClock(systemClock);
  db.destroy();
  await dynamo.close();
});

const plan: BudgetPlan = { tpm: 40_000, generation: 30_000, windowMs: 20_000, perWindow: 10_000 };
let n = 0;
const setup = (gone = new Set<string>()) => {
  const modelId = `turn.model-${n++}`;
  const woken: { token: string; output: Parameters<Wake>[1] }[] = [];
  const wake: Wake = async (token, output) => {
    if (gone.has(token)) return false;
    woken.push({ token, output });
    return true;
  };
  const budget = dynamoModelBudget(db, TABLE_NAME, plan);
  const store = dynamoTurnStore(db, TABLE_NAME, budget, wake);
  budget.queued = store.queued;
  const waiter = (order: string, tokens: number, token: string): Waiter => ({ modelId, tokens, order, jobId: `job-${order}`, userId: 'u', task: 'lesson#m01#l01', token });
  return { modelId, woken, budget, store, waiter, wake };
};

it('serves waiters in the order their courses were asked for, with the budget taken for them, the last of a window lent what it lacks', async () => {
  now = Date.parse('2026-11-27T10:00:00.000Z');
  const { modelId, woken, store, waiter } = setup();
  // Registered out of order: the key (the course's request time) decides.
  await store.register(waiter('2026-11-27T09:59:03Z', 3_000, 't3'));
  await store.register(waiter('2026-11-27T09:59:01Z', 6_000, 't1'));
  await store.register(waiter('2026-11-27T09:59:02Z', 6_000, 't2'));
  expect(await store.pump(modelId)).toBe(2);
  // t1 first; t2 lacks 2,000 of the 4,000 left and takes them from the next window; the window is full for t3.
  expect(woken.map((w) => w.token)).toEqual(['t1', 't2']);
  expect(woken[0].output.grant).toEqual({ modelId, tokens: 6_000, window: now - (now % plan.windowMs) });
  expect((await store.waiters(modelId)).map((w) => w.token)).toEqual(['t3']);
  // The next window (8,000 after the loan) serves t3.
  now += plan.windowMs;
  expect(await store.pump(modelId)).toBe(1);
  expect(woken.map((w) => w.token)).toEqual(['t1', 't2', 't3']);
  expect(await store.queued(modelId)).toBe(false);
});

it('gives back the budget taken for a token nobody waits on any more, and serves the next with it', async () => {
  now = Date.parse('2026-11-27T11:00:00.000Z');
  const { modelId, woken, store, waiter } = setup(new Set(['stale']));
  await store.register(waiter('2026-11-27T10:59:01Z', 8_000, 'stale'));
  await store.register(waiter('2026-11-27T10:59:02Z', 8_000, 'live'));
  await store.register(waiter('2026-11-27T10:59:03Z', 1_000, 'late'));
  await store.pump(modelId);
  // The window filled with stale's and live's calls; stale's 8,000 went back, so the next pump serves late in the same window.
  expect(woken.map((w) => w.token)).toEqual(['live']);
  expect(await store.waiters(modelId)).toHaveLength(1);
  await store.pump(modelId);
  expect(woken.map((w) => w.token)).toEqual(['live', 'late']);
});

it('never grants one waiter twice when pumps run together', async () => {
  now = Date.parse('2026-11-27T12:00:00.000Z');
  const { modelId, woken, store, waiter } = setup();
  for (const i of [1, 2, 3, 4]) await store.register(waiter(`2026-11-27T11:59:0${i}Z`, 2_000, `t${i}`));
  await Promise.all([store.pump(modelId), store.pump(modelId), store.pump(modelId)]);
  expect(woken.map((w) => w.token).sort()).toEqual(['t1', 't2', 't3', 't4']);
});

it("queues a course task's first call behind the waiters, and lets a woken one spend its grant", async () => {
  now = Date.parse('2026-11-27T13:00:00.000Z');
  const { modelId, budget, store, waiter } = setup();
  const sent: unknown[] = [];
  const client: BedrockSender = { send: async (c: unknown) => void sent.push(c) as never };
  const sender = budgetedSender(client, budget);
  const call = { input: { modelId, messages: [], inferenceConfig: { maxTokens: 1_000 } } };
  await store.register(waiter('2026-11-27T12:59:01Z', 9_000, 'ahead'));
  // A course task (in a turn) queues, naming what it asked, though the window has room.
  const refused = await withTurn(undefined, () => sender.send(call as never)).catch((e: Error) => e);
  expect(refused).toBeInstanceOf(BudgetExhausted);
  expect(parseRefusal((refused as Error).message)).toEqual({ modelId, tokens: expect.any(Number) });
  // A model job (no turn) is a small request: it takes at once (docs/capacity.md).
  await sender.send(call as never);
  // Woken with a grant, a task's first call takes nothing more.
  const window = now - (now % plan.windowMs);
  await withTurn({ modelId, tokens: 5_000, window }, () => sender.send(call as never));
  expect(sent).toHaveLength(2);
  expect(refusalNote('m.x:0', 12)).toBe('[turn m.x:0 12]');
});

it('lets a small request overtake the waiting courses: its refused call waits at the head of the queue, inside its Lambda, and is served at the next window', async () => {
  now = Date.parse('2026-11-27T13:30:00.000Z');
  const { modelId, woken, budget, store, waiter } = setup();
  await budget.take(modelId, 10_000);
  await store.register(waiter('2026-11-27T13:29:01Z', 9_000, 'c1'));
  await store.register(waiter('2026-11-27T13:29:02Z', 9_000, 'c2'));
  // A model job's budget (lambdas/pipeline/model-jobs-handler.ts): a refused call waits in the lane.
  // At the window's edge the courses' server pumps the whole queue too (lane first).
  budget.firstCallWaits = true;
  budget.awaitTurn = (m, tokens, until) =>
    store.waitHere({ modelId: m, tokens, order: laneOrder(new Date(now)), jobId: 'job', userId: '', task: 'job' }, until, async (ms) => {
      now += ms;
      await store.pump(m);
    });
  const sent: unknown[] = [];
  const sender = budgetedSender({ send: async (c: unknown) => void sent.push(c) as never }, budget);
  const call = { input: { modelId, messages: [], inferenceConfig: { maxTokens: 7_000 } } };
  await withDeadline({ getRemainingTimeInMillis: () => 120_000 }, () => sender.send(call as never));
  // The job went first; c1 took the rest of the window (and its loan), c2 waits for the next.
  expect(sent).toHaveLength(1);
  expect(woken.map((w) => w.token)).toEqual(['c1']);
  expect((await store.waiters(modelId)).map((w) => w.token)).toEqual(['c2']);
  // Without a deadline (nothing to wait within) a refused job goes back to its state machine's Retry.
  await expect(sender.send(call as never)).rejects.toBeInstanceOf(BudgetExhausted);
});

it('serves the queue at the next window when budget frees, then stops once nobody waits', async () => {
  now = Date.parse('2026-11-27T14:00:00.000Z');
  const { modelId, woken, budget, store, waiter } = setup();
  await budget.take(modelId, 10_000);
  await store.register(waiter('2026-11-27T13:59:01Z', 5_000, 'w1'));
  expect(await store.pump(modelId)).toBe(0);
  // The "sleep" to the window's edge moves the clock: the server pumps the new window at once.
  const sleep = async (ms: number) => void (now += ms);
  await serve({ store, plan, wake: async () => true, wait: async () => 'x', sleep }, modelId, 'server', Date.now() + 60_000);
  expect(woken.map((w) => w.token)).toEqual(['w1']);
  expect(await store.queued(modelId)).toBe(false);
});

it('hands the serving on to the first waiter a state machine waits for, past the calls waiting inside their Lambdas', async () => {
  now = Date.parse('2026-11-27T14:30:00.000Z');
  const { modelId, woken, store, waiter, wake } = setup();
  // An earlier course's bank: four batches waiting inside their Lambdas (they serve the queue
  // themselves, but only until each is granted); then a later course's task, waiting in its state.
  for (const i of [1, 2, 3, 4]) await store.register(waiter(`2026-11-27T14:29:0${i}Z`, 9_000, `${HERE}${i}`));
  await store.register(waiter('2026-11-27T14:29:09Z', 7_000, 'later'));
  // The server's time is up at once: it must wake the later course's task to serve on (before the
  // fix it looked at the first three waiters only, all inside Lambdas, and woke no one: the later
  // course slept out its state's 300-s timeout).
  await serve({ store, plan, wake, wait: async () => 'x', sleep: async () => undefined }, modelId, 'server', Date.now() - 1);
  expect(woken).toEqual([{ token: 'later', output: { relay: true } }]);
});

it('hands the serving on when serving fails: a table error mid-serve wakes the first waiter a state machine waits for, and the lock is let go', async () => {
  now = Date.parse('2026-11-27T14:45:00.000Z');
  const { modelId, woken, budget, store, waiter, wake } = setup();
  await budget.take(modelId, 10_000);
  await store.register(waiter('2026-11-27T14:44:01Z', 5_000, 'w1'));
  // The window's pump meets a conflict from the table (DynamoDB answers TransactionConflictException to a write
  // that meets a transaction on the same item). Thrown out of serve, it left the queue with no server: every
  // other refused task had found the lease held and left the serving to this one.
  let pumps = 0;
  const failing = { ...store, pump: async (m: string) => (pumps++ === 0 ? Promise.reject(Object.assign(new Error('conflict'), { name: 'TransactionConflictException' })) : store.pump(m)) };
  const sleep = async (ms: number) => void (now += ms);
  await serve({ store: failing, plan, wake, wait: async () => 'x', sleep }, modelId, 'server', Date.now() + 60_000);
  expect(woken).toEqual([{ token: 'w1', output: { relay: true } }]);
  // The lease is free for the relayed task's turn, which serves on.
  expect(await store.lease(modelId, 'next', Date.now() + 10_000)).toBe(true);
});

it('lets go of the pump lock when a pump fails, so the next pump serves at once', async () => {
  now = Date.parse('2026-11-27T14:50:00.000Z');
  const { modelId, woken, store, waiter } = setup();
  await store.register(waiter('2026-11-27T14:49:01Z', 5_000, 'w1'));
  const failing = dynamoTurnStore(db, TABLE_NAME, { ...dynamoModelBudget(db, TABLE_NAME, plan), take: async () => Promise.reject(new Error('table unavailable')) }, async () => true);
  await expect(failing.pump(modelId)).rejects.toThrow('table unavailable');
  expect(await store.pump(modelId)).toBe(1);
  expect(woken.map((w) => w.token)).toEqual(['w1']);
});

it('serves a waiter who joins while the server lets go (its own turn found the lease still held)', async () => {
  now = Date.parse('2026-11-27T15:00:00.000Z');
  const { modelId, woken, budget, store, waiter } = setup();
  await budget.take(modelId, 20_000);
  await store.register(waiter('2026-11-27T14:59:01Z', 5_000, 'w1'));
  let joined = false;
  const racing = {
    ...store,
    // The moment the server found no one waiting and lets go, another refused task joins.
    release: async (m: string, h: string) => {
      if (!joined && (joined = true)) await store.register(waiter('2026-11-27T14:59:02Z', 5_000, 'late'));
      return store.release(m, h);
    },
  };
  const sleep = async (ms: number) => void (now += ms);
  await serve({ store: racing, plan, wake: async () => true, wait: async () => 'x', sleep }, modelId, 'server', Date.now() + 60_000);
  expect(woken.map((w) => w.token)).toEqual(['w1', 'late']);
  expect(await store.queued(modelId)).toBe(false);
});

it('serves a call of a task under way at its course\'s place: after an earlier course, before a later one, inside its Lambda', async () => {
  now = Date.parse('2026-11-27T16:00:00.000Z');
  const { modelId, woken, budget, store, waiter } = setup();
  await budget.take(modelId, 10_000);
  await store.register(waiter('2026-11-27T15:59:01Z', 6_000, 'earlier'));
  await store.register(waiter('2026-11-27T15:59:03Z', 6_000, 'later'));
  const sleep = async (ms: number) => void (now += ms);
  const here = { modelId, tokens: 6_000, order: '2026-11-27T15:59:02Z', jobId: 'job-mid', userId: 'u', task: 'evaluation#m01#1' };
  // The window is full; one 6,000 call fits a window: the earlier course at the next, the call at the one after.
  await expect(store.waitHere(here, Date.now() + 60_000, sleep)).resolves.toBe(true);
  expect(woken.map((w) => w.token)).toEqual(['earlier']);
  expect((await store.waiters(modelId)).map((w) => w.token)).toEqual(['later']);
  now += plan.windowMs;
  await store.pump(modelId);
  expect(woken.map((w) => w.token)).toEqual(['earlier', 'later']);
  expect(await store.queued(modelId)).toBe(false);
});

it('gives up its place when its time runs out, taking nothing from the budget', async () => {
  now = Date.parse('2026-11-27T17:00:00.000Z');
  const { modelId, budget, store } = setup();
  await budget.take(modelId, 10_000);
  const here = { modelId, tokens: 6_000, order: '2026-11-27T16:59:02Z', jobId: 'job-x', userId: 'u', task: 'lesson#m01#l01#1' };
  await expect(store.waitHere(here, Date.now() + 100, async (ms) => void (now += ms))).resolves.toBe(false);
  expect(await store.queued(modelId)).toBe(false);
  // Nothing was taken for it: the next window is whole.
  now += plan.windowMs;
  await expect(budget.take(modelId, 10_000)).resolves.toBeDefined();
});

it('sends a later call of a task under way through the queue while courses wait, at its course\'s place', async () => {
  now = Date.parse('2026-11-27T18:00:00.000Z');
  const { modelId, budget, store, waiter } = setup();
  const asked: { tokens: number; order?: string; task?: string }[] = [];
  budget.awaitTurn = async (_m, tokens) => {
    const at = await waitingAs(async () => '2026-11-27T17:59:05Z');
    asked.push({ tokens, order: at?.order, task: at?.task });
    return true;
  };
  const sent: unknown[] = [];
  const sender = budgetedSender({ send: async (c: unknown) => void sent.push(c) as never }, budget);
  const call = { input: { modelId, messages: [], inferenceConfig: { maxTokens: 1_000 } } };
  const of = { course: { userId: 'u', jobId: 'job-b' }, task: 'evaluation#m01' };
  await withDeadline({ getRemainingTimeInMillis: () => 300_000 }, () =>
    withTurn(undefined, async () => {
      // The task's first call takes at once (nobody waits); then a course queues, and its next calls wait their turn.
      await sender.send(call as never);
      await store.register(waiter('2026-11-27T17:59:01Z', 9_000, 'ahead'));
      await sender.send(call as never);
      await sender.send(call as never);
    }, of),
  );
  expect(sent).toHaveLength(3);
  expect(asked.map((a) => [a.order, a.task])).toEqual([['2026-11-27T17:59:05Z', 'evaluation#m01#1'], ['2026-11-27T17:59:05Z', 'evaluation#m01#2']]);
});
