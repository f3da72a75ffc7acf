import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { TABLE } from '../../lambdas/shared/table';
import { startDynamoEngine } from './dynamo-engine';
import { parseDynamoFaults, startDynamoFaultProxy, type DynamoFaultRule } from './dynamo-faults';
import { localCredentials, LOCAL_REGION } from './local-aws';

export const TABLE_NAME = 'mentora';

/**
 * A DynamoDB Local already serving, started without `-sharedDb` (test/support/shared-dynamo.ts: one per
 * test run). A stack in memory then takes a database of its own in it instead of starting a JVM: about
 * forty engines a run were each a JVM's start and warm-up on CI's two cores (issue 42, CI time).
 */
export const SHARED_ENGINE_ENV = 'MENTORA_DYNAMO_ENGINE_URL';

/**
 * DynamoDB on loopback: Amazon's DynamoDB Local (dynamo-engine.ts), on disk under `dataDir`
 * (survives restarts) or in memory, behind the fault proxy (dynamo-faults.ts). `url` is the
 * proxy's: every client of the stack goes through it, so a drill can make any operation fail.
 * Faults start from MENTORA_DYNAMO_FAULTS unless given. In memory with a shared engine
 * (SHARED_ENGINE_ENV), the proxy puts every request in this stack's own database of it.
 */
export async function startDynamo(dataDir?: string, faults: DynamoFaultRule[] = parseDynamoFaults(process.env.MENTORA_DYNAMO_FAULTS)) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const shared = dataDir ? undefined : process.env[SHARED_ENGINE_ENV];
  const engine = shared ? { url: shared, close: async () => {} } : await startDynamoEngine(dataDir);
  const namespace = shared ? `stack${randomBytes(8).toString('hex')}` : undefined;
  /** What reaches this stack's database past the proxy. */
  const engineCredentials = namespace ? { accessKeyId: namespace, secretAccessKey: 'local' } : localCredentials;
  const proxy = await startDynamoFaultProxy(engine.url, faults, undefined, namespace).catch(async (error: unknown) => {
    await engine.close();
    throw error;
  });
  await ensureTable(engine.url, engineCredentials);
  return {
    url: proxy.url,
    /** The engine itself, past the proxy (tests that inspect the table whatever the faults): sign with engineCredentials. */
    engineUrl: engine.url,
    engineCredentials,
    faults: { set: proxy.setRules, rules: proxy.rules, hits: proxy.hits },
    close: async () => {
      await proxy.close();
      // A shared engine outlives the stack: give back the memory its database holds.
      if (shared) await dropTable(engine.url, engineCredentials);
      await engine.close();
    },
  };
}

async function dropTable(endpoint: string, credentials: typeof localCredentials) {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials, maxAttempts: 1 });
  await client.send(new DeleteTableCommand({ TableName: TABLE_NAME })).catch(() => undefined);
  client.destroy();
}

/** Creates the table exactly as infra/aws declares it (keys, indexes, TTL), unless it already exists. */
async function ensureTable(endpoint: string, credentials: typeof localCredentials) {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials });
  try {
    await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }));
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const keyAttrs = [TABLE.partitionKey, TABLE.sortKey, ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: TABLE_NAME,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyAttrs.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: TABLE_NAME, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }),
  );
  client.destroy();
}
