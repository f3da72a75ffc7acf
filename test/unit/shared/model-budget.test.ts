import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { inputTokensOf } from '../../../infra/local/bedrock-limits';
import { TABLE_NAME, startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { coursesAhead } from '../../../lambdas/jobs/queue-position';
import { dynamoGenerationQueue, inQueue } from '../../../lambdas/pipeline/generation-queue';
import { installClock, systemClock } from '../../../lambdas/shared/clock';
import { withDeadline } from '../../../lambdas/shared/ai/deadline';
import type { BedrockSender } from '../../../lambdas/shared/ai/bedrock-client';
import { BudgetExhausted, LARGEST_CALL, QUEUE_FRESH_MS, TUTOR_SHARE, budgetPlan, budgetedSender, reservationOf, type BudgetPlan } from '../../../lambdas/shared/ai/model-budget';
import { dynamoModelBudget } from '../../../lambdas/shared/ai/model-budget-store';

// The model budget on DynamoDB Local: a conditional counter per model per window that never lets
// generation hold more than its share of a minute, fails fast with BudgetExhausted, and the queue
// the learner sees.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let db: DynamoDBDocumentClient;
let now = Date.parse('2026-11-24T10:00:00.000Z');
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

let n = 0;
const model = () => `test.model-${n++}`;

describe('the budget plan', () => {
  it('keeps the tutor\'s share out of generation and cuts the minute so any 60 s holds at most generation\'s share', () => {
    for (const tpm of [60_000, 150_000, 400_000]) {
      const plan = budgetPlan({ MODEL_TPM: String(tpm) });
      expect(plan.generation).toBe(tpm * (1 - TUTOR_SHARE));
      const overlapped = 60_000 / plan.windowMs + 1;
      // Any sliding minute overlaps at most `overlapped` windows, and one call may be lent across its edge:
      // within generation's share, and short of it by no more than the rounding (no allowance thrown away).
      const worstMinute = plan.perWindow * overlapped + LARGEST_CALL;
      expect(worstMinute).toBeLessThanOrEqual(plan.generation);
      expect(plan.generation - worstMinute).toBeLessThan(overlapped);
    }
  });

  it('reads MODEL_TPM, else the default', () => {
    expect(budgetPlan({}).tpm).toBe(200_000);
    expect(budgetPlan({ MODEL_TPM: 'x' }).tpm).toBe(200_000);
    expect(budgetPlan({ MODEL_TPM: '400000' }).tpm).toBe(400_000);
  });

  it('reserves a request\'s input plus its maxTokens, never less than the local Bedrock counts against its quota', () => {
    for (const text of ['Hola', 'x'.repeat(36_000), 'á'.repeat(9_000)]) {
      const req = { modelId: 'm', system: [{ text: 'Eres un profesor.' }], messages: [{ role: 'user' as const, content: [{ text }] }], inferenceConfig: { maxTokens: 4500 } };
      expect(reservationOf(req)).toBeGreaterThanOrEqual(inputTokensOf(req) + 4500);
    }
  });
});

describe('taking from the budget', () => {
  const plan: BudgetPlan = { tpm: 40_000, generation: 30_000, windowMs: 20_000, perWindow: 7_500 };

  it('takes calls while the window is not full, lends the last one what it lacks from the next window, then refuses with BudgetExhausted', async () => {
    const budget = dynamoModelBudget(db, TABLE_NAME, plan);
    const id = model();
    now = Date.parse('2026-11-24T10:00:00.000Z');
    await budget.take(id, 5000);
    // 2,500 left, a call of 4,000: taken, and the 1,500 it lacks are the next window's (issue 35: no idle remainder).
    await budget.take(id, 4000);
    await expect(budget.take(id, 1)).rejects.toBeInstanceOf(BudgetExhausted);
    await expect(budget.take(id, 1)).rejects.toMatchObject({ name: 'BudgetExhausted' });
    now += 20_000;
    await expect(budget.take(id, 6000)).resolves.toEqual({ window: now });
    // 1,500 lent + 6,000 = the whole 7,500: full.
    await expect(budget.take(id, 1)).rejects.toBeInstanceOf(BudgetExhausted);
    const next = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: `BUDGET#${id}`, sk: `W#${now}` }, ConsistentRead: true }));
    expect(next.Item).toMatchObject({ used: 7500, lent: 1500 });
  });

  it('lets the window\'s allowance and one call more through when many take at once (a conditional counter, no lost update), and lends the excess on', async () => {
    const budget = dynamoModelBudget(db, TABLE_NAME, plan);
    const id = model();
    now = Date.parse('2026-11-24T10:10:00.000Z');
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => budget.take(id, 1000)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(8);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o).reason instanceof BudgetExhausted)).toBe(true);
    const next = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: `BUDGET#${id}`, sk: `W#${now + 20_000}` }, ConsistentRead: true }));
    expect(next.Item).toMatchObject({ used: 500, lent: 500 });
  });

  it('holds at most generation\'s share plus one call in any minute, however calls fall', async () => {
    const budget = dynamoModelBudget(db, TABLE_NAME, plan);
    const id = model();
    const start = Date.parse('2026-11-24T10:20:00.000Z');
    const taken: { at: number; tokens: number }[] = [];
    // Calls of 1,000 to 7,000 tokens asked every 700 ms for three minutes.
    for (let t = 0, k = 0; t < 180_000; t += 700, k++) {
      now = start + t;
      const tokens = 1000 + ((k * 2371) % 6001);
      await budget.take(id, tokens).then(() => taken.push({ at: now, tokens }), (e: Error) => expect(e).toBeInstanceOf(BudgetExhausted));
    }
    for (const { at } of taken) {
      const minute = taken.filter((c) => c.at >= at && c.at < at + 60_000).reduce((n, c) => n + c.tokens, 0);
      expect(minute).toBeLessThanOrEqual(plan.generation + 7000);
    }
    // And the windows were used, to within the last loan.
    expect(taken.reduce((n, c) => n + c.tokens, 0)).toBeGreaterThan((180_000 / plan.windowMs) * plan.perWindow * 0.95);
  });

  it('keeps one budget per model', async () => {
    const budget = dynamoModelBudget(db, TABLE_NAME, plan);
    const [a, b] = [model(), model()];
    await budget.take(a, 7500);
    await expect(budget.take(b, 7500)).resolves.toBeDefined();
  });

  it('gives a call larger than a window a window of its own, never none', async () => {
    const budget = dynamoModelBudget(db, TABLE_NAME, plan);
    const id = model();
    await budget.take(id, 9000);
    await expect(budget.take(id, 9000)).rejects.toBeInstanceOf(BudgetExhausted);
  });
});

describe('a Bedrock client behind the budget', () => {
  const plan: BudgetPlan = { tpm: 40_000, generation: 30_000, windowMs: 20_000, perWindow: 7_500 };
  const command = (modelId: string, maxTokens: number) => ({ input: { modelId, messages: [{ role: 'user', content: [{ text: 'Hola' }] }], inferenceConfig: { maxTokens } } });

  it('never sends a refused request: the first call of a task fails fast with BudgetExhausted, no sleep', async () => {
    const sent: string[] = [];
    const client = { send: async (c: { input: { modelId: string } }) => void sent.push(c.input.modelId) } as unknown as BedrockSender;
    const slept: number[] = [];
    const sender = budgetedSender(client, dynamoModelBudget(db, TABLE_NAME, plan), { sleep: async (ms) => void slept.push(ms) });
    const id = model();
    await withDeadline({ getRemainingTimeInMillis: () => 200_000 }, async () => {
      await sender.send(command(id, 7500) as never);
    });
    await withDeadline({ getRemainingTimeInMillis: () => 200_001 }, async () => {
      await expect(sender.send(command(id, 7000) as never)).rejects.toBeInstanceOf(BudgetExhausted);
    });
    expect(sent).toEqual([id]);
    expect(slept).toEqual([]);
  });

  it('lets a task already under way wait for the next window, within its deadline', async () => {
    const client = { send: async () => ({}) } as unknown as BedrockSender;
    const sender = budgetedSender(client, dynamoModelBudget(db, TABLE_NAME, plan), { sleep: async (ms) => void (now += ms) });
    const id = model();
    now = Date.parse('2026-11-24T11:00:00.000Z');
    await withDeadline({ getRemainingTimeInMillis: () => 250_000 }, async () => {
      await sender.send(command(id, 7500) as never);
      const before = now;
      await sender.send(command(id, 7000) as never);
      expect(now - before).toBeGreaterThanOrEqual(20_000);
    });
  });
});

describe('the queue the learner sees', () => {
  const job = async (userId: string, jobId: string, createdAt: string) =>
    db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: `USER#${userId}`, sk: `JOB#${jobId}`, jobId, userId, status: 'en_proceso', createdAt } }));
  const cola = async (userId: string, jobId: string) => (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: `USER#${userId}`, sk: `JOB#${jobId}` } }))).Item?.cola as string | undefined;

  it('counts the courses asked for earlier that wait too, and forgets one once it gets through', async () => {
    now = Date.parse('2026-11-24T12:00:00.000Z');
    const queue = dynamoGenerationQueue(db, TABLE_NAME);
    await job('qa', 'ja', '2026-11-24T11:59:00.000Z');
    await job('qb', 'jb', '2026-11-24T11:59:01.000Z');
    await job('qc', 'jc', '2026-11-24T11:59:02.000Z');
    const refused = () => Promise.reject(new BudgetExhausted('spent'));
    for (const [u, j] of [['qc', 'jc'], ['qa', 'ja'], ['qb', 'jb']]) await expect(inQueue(queue, { userId: u, jobId: j }, refused)).rejects.toBeInstanceOf(BudgetExhausted);
    expect(await coursesAhead(db, TABLE_NAME, (await cola('qc', 'jc'))!, 'jc')).toBe(2);
    expect(await coursesAhead(db, TABLE_NAME, (await cola('qa', 'ja'))!, 'ja')).toBe(0);
    // Let through within 10 s of its refusal, it keeps its place (no blinking); later, it leaves the queue.
    await expect(inQueue(queue, { userId: 'qa', jobId: 'ja' }, async () => 'escrita')).resolves.toBe('escrita');
    expect(await cola('qa', 'ja')).toBeDefined();
    now += 11_000;
    await expect(inQueue(queue, { userId: 'qa', jobId: 'ja' }, async () => 'escrita')).resolves.toBe('escrita');
    expect(await cola('qa', 'ja')).toBeUndefined();
    expect(await coursesAhead(db, TABLE_NAME, (await cola('qc', 'jc'))!, 'jc')).toBe(1);
  });

  it('takes a finished or failed course out of the queue at once', async () => {
    now = Date.parse('2026-11-24T14:00:00.000Z');
    const queue = dynamoGenerationQueue(db, TABLE_NAME);
    await job('qh', 'jh', '2026-11-24T13:59:00.000Z');
    await queue.wait('qh', 'jh');
    await inQueue(queue, { userId: 'qh', jobId: 'jh' }, async () => 'listo', true);
    expect(await cola('qh', 'jh')).toBeUndefined();
  });

  it('does not count a course whose mark went stale (it stopped waiting without saying so)', async () => {
    now = Date.parse('2026-11-24T13:00:00.000Z');
    const queue = dynamoGenerationQueue(db, TABLE_NAME);
    await job('qd', 'jd', '2026-11-24T12:59:00.000Z');
    await job('qe', 'je', '2026-11-24T12:59:01.000Z');
    await queue.wait('qd', 'jd');
    now += QUEUE_FRESH_MS + 60_000;
    await queue.wait('qe', 'je');
    const ahead = await coursesAhead(db, TABLE_NAME, (await cola('qe', 'je'))!, 'je');
    expect(ahead).toBe(0);
  });

  it('never lets the queue decide a task: a mark that cannot be written leaves the refusal (and a success) as they were', async () => {
    const broken = { wait: () => Promise.reject(new Error('DynamoDB caído')), leave: () => Promise.reject(new Error('DynamoDB caído')) };
    await expect(inQueue(broken, { userId: 'qz', jobId: 'jz' }, () => Promise.reject(new BudgetExhausted('spent')))).rejects.toBeInstanceOf(BudgetExhausted);
    await expect(inQueue(broken, { userId: 'qz', jobId: 'jz' }, async () => 'escrita')).resolves.toBe('escrita');
  });

  it('leaves a job that is no longer running alone, and other errors go through unmarked', async () => {
    const queue = dynamoGenerationQueue(db, TABLE_NAME);
    await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: 'USER#qf', sk: 'JOB#jf', jobId: 'jf', status: 'error', createdAt: '2026-11-24T12:00:00.000Z' } }));
    await queue.wait('qf', 'jf');
    expect(await cola('qf', 'jf')).toBeUndefined();
    await job('qg', 'jg', '2026-11-24T12:00:00.000Z');
    await expect(inQueue(queue, { userId: 'qg', jobId: 'jg' }, () => Promise.reject(new Error('otro')))).rejects.toThrow('otro');
    expect(await cola('qg', 'jg')).toBeUndefined();
  });
});
