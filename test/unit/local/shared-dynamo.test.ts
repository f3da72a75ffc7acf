import { DynamoDBClient, GetItemCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { SHARED_ENGINE_ENV, startDynamo, TABLE_NAME } from '../../../infra/local/dynamo';
import { startDynamoEngine } from '../../../infra/local/dynamo-engine';
import { inNamespace } from '../../../infra/local/dynamo-faults';

// A test run's one DynamoDB Local (test/support/shared-dynamo.ts): stacks that share it never see each
// other's items, whatever credentials their clients sign with.

const client = (endpoint: string, accessKeyId = 'local', region = 'us-east-1') =>
  new DynamoDBClient({ endpoint, region, credentials: { accessKeyId, secretAccessKey: 'local' }, maxAttempts: 1 });
const key = { pk: { S: 'USER#ana' }, sk: { S: 'PROFILE' } };

let ownEngine: Awaited<ReturnType<typeof startDynamoEngine>> | undefined;
const before = process.env[SHARED_ENGINE_ENV];
beforeAll(async () => {
  // In a whole run the projects' globalSetup started it; alone, this file starts one the same way.
  if (!before) {
    ownEngine = await startDynamoEngine(undefined, { sharedDb: false });
    process.env[SHARED_ENGINE_ENV] = ownEngine.url;
  }
}, 240_000);
afterAll(async () => {
  if (!before) delete process.env[SHARED_ENGINE_ENV];
  await ownEngine?.close();
});

test('the credential scope is rewritten to the namespace and the local region, the rest kept', () => {
  const header = 'AWS4-HMAC-SHA256 Credential=local/20261129/eu-west-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc';
  expect(inNamespace(header, 'stack1')).toBe('AWS4-HMAC-SHA256 Credential=stack1/20261129/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc');
  expect(inNamespace(undefined, 'stack1')).toBeUndefined();
});

test('two stacks on the shared engine each read only their own items, and a stray client reads neither', async () => {
  const [a, b] = await Promise.all([startDynamo(undefined, []), startDynamo(undefined, [])]);
  try {
    expect(a.engineUrl).toBe(process.env[SHARED_ENGINE_ENV]);
    expect(b.engineUrl).toBe(a.engineUrl);
    // Both sign as the same 'local' key, as the Lambdas of every stack do: the proxies keep them apart.
    await client(a.url).send(new PutItemCommand({ TableName: TABLE_NAME, Item: { ...key, nombre: { S: 'Ana (a)' } } }));
    expect((await client(b.url).send(new GetItemCommand({ TableName: TABLE_NAME, Key: key }))).Item).toBeUndefined();
    await client(b.url, 'other', 'eu-west-1').send(new PutItemCommand({ TableName: TABLE_NAME, Item: { ...key, nombre: { S: 'Ana (b)' } } }));
    expect((await client(a.url).send(new GetItemCommand({ TableName: TABLE_NAME, Key: key }))).Item?.nombre).toEqual({ S: 'Ana (a)' });
    expect((await client(b.url).send(new GetItemCommand({ TableName: TABLE_NAME, Key: key }))).Item?.nombre).toEqual({ S: 'Ana (b)' });
    // Past the proxy, only the stack's own credentials reach its database.
    expect((await client(a.engineUrl, a.engineCredentials.accessKeyId).send(new GetItemCommand({ TableName: TABLE_NAME, Key: key }))).Item?.nombre).toEqual({ S: 'Ana (a)' });
    expect((await client(a.engineUrl).send(new ListTablesCommand({}))).TableNames ?? []).not.toContain(TABLE_NAME);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
  // Closed, a stack gives its table back (the engine outlives it, the memory should not).
  expect((await client(a.engineUrl, a.engineCredentials.accessKeyId).send(new ListTablesCommand({}))).TableNames).toEqual([]);
}, 60_000);
