import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll, queryCount, queryPages } from '../../../lambdas/shared/table-query';
import { answerIf, cancelledBy, cancelledByCondition, conditionFailed, conflicted, refused, writeIf } from '../../../lambdas/shared/table-writes';

// The table layer's paging loop and its reading of DynamoDB's refusals (issue 21: once, not twice).

const named = (name: string, codes: string[] = []) => Object.assign(new Error(name), { name, CancellationReasons: codes.map((Code) => ({ Code })) });

/** A client that answers each Query with the next page and remembers where each one started. */
function pagedClient(pages: { Items?: unknown[]; Count?: number; LastEvaluatedKey?: Record<string, unknown> }[]) {
  const starts: unknown[] = [];
  let call = 0;
  const db = { send: async (command: { input: { ExclusiveStartKey?: unknown } }) => {
    starts.push(command.input.ExclusiveStartKey);
    return pages[call++];
  } } as unknown as DynamoDBDocumentClient;
  return { db, starts };
}

describe('queryAll', () => {
  it('follows LastEvaluatedKey to the last page and starts each page where the last ended', async () => {
    const { db, starts } = pagedClient([{ Items: [1, 2], LastEvaluatedKey: { sk: 'a' } }, { Items: [3], LastEvaluatedKey: { sk: 'b' } }, { Items: [] }]);
    await expect(queryAll(db, { TableName: 't', KeyConditionExpression: 'pk = :p' })).resolves.toEqual([1, 2, 3]);
    expect(starts).toEqual([undefined, { sk: 'a' }, { sk: 'b' }]);
  });

  it('counts every page of a COUNT query', async () => {
    const { db, starts } = pagedClient([{ Count: 2, LastEvaluatedKey: { sk: 'a' } }, { Count: 1 }]);
    await expect(queryCount(db, { TableName: 't' })).resolves.toBe(3);
    expect(starts).toEqual([undefined, { sk: 'a' }]);
  });

  it('reads no further page once the caller stops', async () => {
    const { db, starts } = pagedClient([{ Items: [1], LastEvaluatedKey: { sk: 'a' } }, { Items: [2] }]);
    for await (const page of queryPages(db, { TableName: 't' })) if (page.length) break;
    expect(starts).toHaveLength(1);
  });
});

describe('conditional writes', () => {
  it('answers false for a refused condition and throws anything else', async () => {
    await expect(writeIf(Promise.resolve())).resolves.toBe(true);
    await expect(writeIf(Promise.reject(named('ConditionalCheckFailedException')))).resolves.toBe(false);
    await expect(writeIf(Promise.reject(named('ProvisionedThroughputExceededException')))).rejects.toThrow('ProvisionedThroughputExceededException');
    await expect(writeIf(Promise.reject(named('TransactionCanceledException', ['ConditionalCheckFailed'])))).rejects.toThrow();
    await expect(writeIf(Promise.reject(named('TransactionCanceledException', ['ConditionalCheckFailed'])), cancelledByCondition)).resolves.toBe(false);
  });

  it('hands back the answer of a write that passed, undefined when refused', async () => {
    await expect(answerIf(Promise.resolve(7))).resolves.toBe(7);
    await expect(answerIf(Promise.reject(named('ConditionalCheckFailedException')))).resolves.toBeUndefined();
  });

  it('tells which item of a transaction refused it, and a conflict from a refusal', () => {
    const second = named('TransactionCanceledException', ['None', 'ConditionalCheckFailed']);
    const conflict = named('TransactionCanceledException', ['TransactionConflict', 'None']);
    expect([cancelledBy(second, 0), cancelledBy(second, 1), cancelledByCondition(second), conflicted(second)]).toEqual([false, true, true, false]);
    expect([cancelledByCondition(conflict), conflicted(conflict), refused(conflict)]).toEqual([false, true, true]);
    expect([conditionFailed(second), refused(named('ConditionalCheckFailedException')), refused(named('ValidationException'))]).toEqual([false, true, false]);
  });
});
