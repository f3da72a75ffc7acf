import { DynamoDBClient, GetItemCommand, PutItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { startDynamo, TABLE_NAME } from '../../../infra/local/dynamo';
import { checkRule, parseDynamoFaults } from '../../../infra/local/dynamo-faults';

// The local DynamoDB (Amazon's DynamoDB Local behind the fault proxy): transactions behave as on
// AWS, and the proxy fails chosen operations the way DynamoDB itself answers.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
const client = (url: string) =>
  new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: url === dynamo.engineUrl ? dynamo.engineCredentials : { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
const key = (pk: string) => ({ pk: { S: pk }, sk: { S: 'item' } });

beforeAll(async () => {
  dynamo = await startDynamo(undefined, []);
}, 90_000);
afterAll(() => dynamo.close());
afterEach(() => dynamo.faults.set([]));

test('a transaction whose condition fails writes none of its items', async () => {
  const db = client(dynamo.url);
  await db.send(new PutItemCommand({ TableName: TABLE_NAME, Item: key('taken') }));
  await expect(
    db.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: TABLE_NAME, Item: key('fresh') } },
          { Put: { TableName: TABLE_NAME, Item: key('taken'), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    ),
  ).rejects.toThrow(/cancel/i);
  const fresh = await db.send(new GetItemCommand({ TableName: TABLE_NAME, Key: key('fresh') }));
  expect(fresh.Item).toBeUndefined();
});

test('an injected error is answered as DynamoDB answers it, and the engine never sees the write', async () => {
  dynamo.faults.set([{ operation: 'PutItem', error: 'InternalServerError', times: 1 }]);
  const db = client(dynamo.url);
  await expect(db.send(new PutItemCommand({ TableName: TABLE_NAME, Item: key('lost') }))).rejects.toMatchObject({ name: 'InternalServerError' });
  expect(dynamo.faults.hits()).toEqual({ PutItem: 1 });
  const item = await client(dynamo.engineUrl).send(new GetItemCommand({ TableName: TABLE_NAME, Key: key('lost') }));
  expect(item.Item).toBeUndefined();
});

test('an error "after" applies the write but tells the caller it failed', async () => {
  dynamo.faults.set([{ operation: 'PutItem', error: 'ServiceUnavailable', after: true, times: 1 }]);
  await expect(client(dynamo.url).send(new PutItemCommand({ TableName: TABLE_NAME, Item: key('ghost') }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 503 } });
  const item = await client(dynamo.engineUrl).send(new GetItemCommand({ TableName: TABLE_NAME, Key: key('ghost') }));
  expect(item.Item).toEqual(key('ghost'));
});

test('a spent rule lets the next call through, so the SDK retry succeeds', async () => {
  dynamo.faults.set([{ operation: 'GetItem', error: 'ProvisionedThroughputExceededException', times: 1 }]);
  const retrying = new DynamoDBClient({ endpoint: dynamo.url, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' }, maxAttempts: 3 });
  await expect(retrying.send(new GetItemCommand({ TableName: TABLE_NAME, Key: key('none') }))).resolves.toBeDefined();
  expect(dynamo.faults.hits()).toMatchObject({ GetItem: 1 });
});

test('rules from MENTORA_DYNAMO_FAULTS are checked', () => {
  expect(parseDynamoFaults('[{"operation":"Query","latencyMs":200,"rate":0.5}]')).toEqual([{ operation: 'Query', latencyMs: 200, rate: 0.5 }]);
  expect(parseDynamoFaults(undefined)).toEqual([]);
  expect(() => parseDynamoFaults('PutItem=0.1')).toThrow(/JSON array/);
  expect(() => checkRule({ operation: 'PutItem', error: 'Boom' })).toThrow(/Unknown DynamoDB error/);
  expect(() => checkRule({ operation: 'PutItem', rate: 2 })).toThrow(/rate/);
  expect(() => checkRule({ operation: 'PutItem', after: true })).toThrow(/needs an error/);
});
