import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../clock';
import { conditionFailed } from '../table-writes';
import { BudgetExhausted, budgetPlan, type BudgetPlan, type ModelBudget } from './model-budget';

// The budget's counter: one item per model per window (`BUDGET#<model id>` / `W#<window start>`),
// one conditional ADD per model call. Not sharded, on purpose: the item takes one write per Bedrock
// call of that model, and a quota of a few million tokens a minute at ≈ 6k tokens a call is at most
// ≈ 10 writes a second, against DynamoDB's 1,000 writes a second per partition; every window is a new
// key, so no item stays hot. Sharding would also split the window's allowance so a large call
// (a bank batch) might fit no shard. A window item expires an hour after it ends (TTL).
//
// A window lends its last call the tokens it lacks (issue 35, "no idle budget while anyone waits"):
// a call is taken while the window is not yet full (used < perWindow), and what it takes past the
// window's allowance is charged to the next window before anyone can take there. Without the loan a
// window whose remainder is smaller than the head's call (a bank batch of ≈ 9k against the last 5k)
// went unused while courses waited; with it every window fills. The windows' allowances leave one call
// (LARGEST_CALL) out of generation's share for that loan (budgetPlan), so any minute still holds at
// most generation's share and the tutor's share stays whole (docs/capacity.md, "Turns").

const HOUR_S = 3600;

export function dynamoModelBudget(db: DynamoDBDocumentClient, table: string, plan: BudgetPlan = budgetPlan()): ModelBudget {
  return {
    plan,
    async take(modelId, tokens) {
      const now = clock.now().getTime();
      const window = now - (now % plan.windowMs);
      const key = (start: number) => ({ pk: `BUDGET#${modelId}`, sk: `W#${start}` });
      const ttl = (start: number) => Math.ceil((start + plan.windowMs) / 1000) + HOUR_S;
      let used: number;
      try {
        const out = await db.send(
          new UpdateCommand({
            TableName: table,
            Key: key(window),
            UpdateExpression: 'ADD used :n SET expiresAt = if_not_exists(expiresAt, :ttl)',
            // Not yet full: one call may pass the allowance, and the next window pays for it.
            ConditionExpression: 'attribute_not_exists(used) OR used < :per',
            ExpressionAttributeValues: { ':n': tokens, ':ttl': ttl(window), ':per': plan.perWindow },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        used = Number(out.Attributes?.used ?? tokens);
      } catch (error) {
        if (!conditionFailed(error)) throw error;
        throw new BudgetExhausted(`${modelId}: the ${plan.perWindow}-token window at ${new Date(window).toISOString()} is spent (asked ${tokens})`);
      }
      // Only the call that filled the window can be past its allowance (every later one is refused),
      // so exactly one loan per window, never more than the call (nor than a window: a call larger
      // than a window, none today, borrows one window at most).
      const loan = Math.min(used - plan.perWindow, tokens, plan.perWindow);
      if (loan > 0) {
        const next = window + plan.windowMs;
        await db.send(new UpdateCommand({ TableName: table, Key: key(next), UpdateExpression: 'ADD used :n, lent :n SET expiresAt = if_not_exists(expiresAt, :ttl)', ExpressionAttributeValues: { ':n': loan, ':ttl': ttl(next) } }));
      }
      return { window };
    },
    async giveBack(modelId, window, tokens) {
      await db.send(new UpdateCommand({ TableName: table, Key: { pk: `BUDGET#${modelId}`, sk: `W#${window}` }, UpdateExpression: 'ADD used :n', ConditionExpression: 'attribute_exists(used)', ExpressionAttributeValues: { ':n': -tokens } }));
    },
  };
}
