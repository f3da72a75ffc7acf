import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

// The one DynamoDB paging loop. A Query answers at most 1 MB a call, so a partition that grows
// (a course's lessons, a learner's cards) is read by following LastEvaluatedKey to the end.

/** The query's answers, one per page, following LastEvaluatedKey; stop iterating to stop reading. */
async function* queryAnswers(db: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'ExclusiveStartKey'>) {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield out;
    start = out.LastEvaluatedKey;
  } while (start);
}

/** The query's items, a page at a time; stop iterating to stop reading. */
export async function* queryPages<T = Record<string, unknown>>(db: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): AsyncGenerator<T[]> {
  for await (const out of queryAnswers(db, input)) yield (out.Items ?? []) as T[];
}

/** Every item of the query, all pages read. */
export async function queryAll<T = Record<string, unknown>>(db: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<T[]> {
  const found: T[] = [];
  for await (const page of queryPages<T>(db, input)) found.push(...page);
  return found;
}

/** How many items the query matches (`Select: 'COUNT'`), all pages counted. */
export async function queryCount(db: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  for await (const out of queryAnswers(db, { ...input, Select: 'COUNT' })) count += out.Count ?? 0;
  return count;
}
