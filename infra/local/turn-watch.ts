import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BudgetPlan } from '../../lambdas/shared/ai/model-budget';
import { turnPk } from '../../lambdas/shared/ai/model-turns';

// Watches the model budget's turn queue (issue 35) on a local table, for the capacity bench and
// the queue's integration test: samples who waits for each model, then reads each budget window's
// use, and tells how much of a window went unused while someone waited, and whether a waiter slept
// while the calls of those ahead of it left its window room (a "sleeper": what issue 35 forbids; a
// window takes calls while it is not full, lending the last one what it lacks, model-budget-store.ts).

interface Sample {
  at: number;
  waiters: { sk: string; tokens: number }[];
}

export interface WindowFill {
  start: number;
  /** What the window's item counts: the loan it started with (`lent`, taken in the window before) and what was taken in it. */
  used: number;
  lent: number;
}

export interface TurnReport {
  modelId: string;
  /** Windows during which someone waited (seen at least twice). */
  waitedWindows: number;
  /** Share of those windows' budget left unused, overall. */
  idleShare: number;
  /** Of those windows, how many left more than 10 % unused. */
  over10: number;
  /** Of those windows, how many were not judged for sleepers: the watch itself starved (a sampling gap over a quarter window). */
  starved: number;
  /** Windows in which a waiter was seen for `minSeenMs` or more while the window had room left after the calls ahead of it. */
  sleepers: { window: number; sk: string; tokens: number; left: number }[];
  /** Tokens taken in the watched windows (a loan counted once, in the window that took it). */
  tokens: number;
  /** Every window in which someone waited: its fill and who waited how long (for a closer look: BENCH_TURNS_DUMP in the capacity bench). */
  detail: { window: number; used: number; lent: number; waiters: { sk: string; tokens: number; ahead: number; seenMs: number }[] }[];
}

export function watchTurns(db: DynamoDBDocumentClient, table: string, models: string[], plan: BudgetPlan, everyMs = 100) {
  const samples = new Map<string, Sample[]>(models.map((m) => [m, []]));
  let on = true;
  // Only the windows from the one this watch started in: the budget's earlier windows are another story.
  const from = Date.now() - (Date.now() % plan.windowMs);
  const loop = (async () => {
    while (on) {
      await Promise.all(
        models.map(async (m) => {
          const out = await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': turnPk(m) }, ConsistentRead: true }));
          samples.get(m)!.push({ at: Date.now(), waiters: (out.Items ?? []).map((i) => ({ sk: String(i.sk), tokens: Number(i.tokens) })) });
        }),
      );
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  const windows = async (modelId: string): Promise<WindowFill[]> => {
    const out = await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BUDGET#${modelId}` } }));
    return (out.Items ?? []).map((i) => ({ start: Number(String(i.sk).slice(2)), used: Number(i.used), lent: Number(i.lent ?? 0) })).filter((f) => f.start >= from);
  };
  return {
    /** Stops sampling and reports per model. `minSeenMs`: how long a waiter must be seen in one window to count as sleeping. */
    async stop(minSeenMs = plan.windowMs / 2): Promise<TurnReport[]> {
      on = false;
      await loop;
      return Promise.all(
        models.map(async (modelId) => {
          const fills = await windows(modelId);
          const used = new Map(fills.map((f) => [f.start, f.used]));
          const byWindow = new Map<number, Sample[]>();
          for (const s of samples.get(modelId)!) {
            const w = s.at - (s.at % plan.windowMs);
            byWindow.set(w, [...(byWindow.get(w) ?? []), s]);
          }
          let waitedWindows = 0;
          let idle = 0;
          let over10 = 0;
          let starved = 0;
          const sleepers: TurnReport['sleepers'] = [];
          const detail: TurnReport['detail'] = [];
          for (const [w, ss] of byWindow) {
            const waited = ss.filter((s) => s.waiters.length);
            if (waited.length < 2) continue;
            waitedWindows++;
            const left = plan.perWindow - (used.get(w) ?? 0);
            idle += Math.max(0, left);
            if (left > plan.perWindow * 0.1) over10++;
            // A waiter seen from first to last sample of this window for minSeenMs while the calls of
            // those ahead of it (the queue serves in order) left the window room: it would have been taken.
            const seen = new Map<string, { first: number; last: number; tokens: number; ahead: number }>();
            for (const s of ss) {
              let ahead = 0;
              for (const x of [...s.waiters].sort((a, b) => a.sk.localeCompare(b.sk))) {
                seen.set(x.sk, { first: seen.get(x.sk)?.first ?? s.at, last: s.at, tokens: x.tokens, ahead: Math.min(ahead, seen.get(x.sk)?.ahead ?? ahead) });
                ahead += x.tokens;
              }
            }
            detail.push({ window: w, used: used.get(w) ?? 0, lent: fills.find((f) => f.start === w)?.lent ?? 0, waiters: [...seen].map(([sk, x]) => ({ sk, tokens: x.tokens, ahead: x.ahead, seenMs: x.last - x.first })) });
            // A window in which this watch could not sample for a quarter of it (the process starved
            // on busy cores) cannot tell a sleeping waiter from a stalled process: not judged.
            if (Math.max(...ss.slice(1).map((s, i) => s.at - ss[i].at)) > plan.windowMs / 4) {
              starved++;
              continue;
            }
            for (const [sk, x] of seen) if (x.last - x.first >= minSeenMs && x.ahead < left) sleepers.push({ window: w, sk, tokens: x.tokens, left });
          }
          return { modelId, waitedWindows, starved, idleShare: waitedWindows ? idle / (waitedWindows * plan.perWindow) : 0, over10, sleepers, detail, tokens: fills.reduce((n, f) => n + f.used - f.lent, 0) };
        }),
      );
    },
  };
}
