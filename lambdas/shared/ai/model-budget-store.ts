import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../clock';
import { writeIf } from '../table-writes';
import { BudgetExhausted, budgetPlan, type BudgetPlan, type ModelBudget } from './model-budget';

// The budget's counter: one item per model per window (`BUDGET#<model id>` / `W#<window start>`),
// one conditional ADD per model call. Not sharded, on purpose: the item takes one write per Bedrock
// call of that model, and a quota of a few million tokens a minute at ≈ 6k tokens a call is at most
// ≈ 10 writes a second, against DynamoDB's 1,000 writes a second per partition; every window is a new
// key, so no item stays hot. Sharding would also split the window's allowance so a large call
// (a bank batch) might fit no shard. A window item expires an hour after it ends (TTL).

const HOUR_S = 3600;

export function dynamoModelBudget(db: DynamoDBDocumentClient, table: string, plan: BudgetPlan = budgetPlan()): ModelBudget {
  return {
    plan,
    async take(modelId, tokens) {
      const now = clock.now().getTime();
      const window = now - (now % plan.windowMs);
      // A call larger than a window (none today: LARGEST_CALL) gets a window of its own, never none.
      const fits = tokens <= plan.perWindow;
      const taken = await writeIf(
        db.send(
          new UpdateCommand({
            TableName: table,
            Key: { pk: `BUDGET#${modelId}`, sk: `W#${window}` },
            UpdateExpression: 'ADD used :n SET expiresAt = if_not_exists(expiresAt, :ttl)',
            ConditionExpression: fits ? 'attribute_not_exists(used) OR used <= :room' : 'attribute_not_exists(used)',
            ExpressionAttributeValues: { ':n': tokens, ':ttl': Math.ceil((window + plan.windowMs) / 1000) + HOUR_S, ...(fits && { ':room': plan.perWindow - tokens }) },
          }),
        ),
      );
      if (!taken) throw new BudgetExhausted(`${modelId}: the ${plan.perWindow}-token window at ${new Date(window).toISOString()} is spent (asked ${tokens})`);
      return { window };
    },
    async giveBack(modelId, window, tokens) {
      await db.send(new UpdateCommand({ TableName: table, Key: { pk: `BUDGET#${modelId}`, sk: `W#${window}` }, UpdateExpression: 'ADD used :n', ConditionExpression: 'attribute_exists(used)', ExpressionAttributeValues: { ':n': -tokens } }));
    },
  };
}
