import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';

// A learner's whole state as the table holds it: every item of their partition (USER#<sub>),
// read straight from DynamoDB, so a handler that answers 404 but writes is caught.

export async function partitionOf(userId: string): Promise<Record<string, unknown>[]> {
  const { db, name } = table();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` }, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items.sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
}

/** The item keys (sort keys) of a partition, to say which kinds of state a snapshot holds. */
export const sortKeys = (items: Record<string, unknown>[]) => items.map((i) => String(i.sk));
