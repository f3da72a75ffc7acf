import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { mkdirSync } from 'node:fs';
import { TABLE } from '../../lambdas/shared/table';
import { startDynamoEngine } from './dynamo-engine';
import { parseDynamoFaults, startDynamoFaultProxy, type DynamoFaultRule } from './dynamo-faults';
import { localCredentials, LOCAL_REGION } from './local-aws';

export const TABLE_NAME = 'mentora';

/**
 * DynamoDB on loopback: Amazon's DynamoDB Local (dynamo-engine.ts), on disk under `dataDir`
 * (survives restarts) or in memory, behind the fault proxy (dynamo-faults.ts). `url` is the
 * proxy's: every client of the stack goes through it, so a drill can make any operation fail.
 * Faults start from MENTORA_DYNAMO_FAULTS unless given.
 */
export async function startDynamo(dataDir?: string, faults: DynamoFaultRule[] = parseDynamoFaults(process.env.MENTORA_DYNAMO_FAULTS)) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const engine = await startDynamoEngine(dataDir);
  const proxy = await startDynamoFaultProxy(engine.url, faults).catch(async (error: unknown) => {
    await engine.close();
    throw error;
  });
  await ensureTable(engine.url);
  return {
    url: proxy.url,
    /** The engine itself, past the proxy (tests that inspect the table whatever the faults). */
    engineUrl: engine.url,
    faults: { set: proxy.setRules, rules: proxy.rules, hits: proxy.hits },
    close: async () => {
      await proxy.close();
      await engine.close();
    },
  };
}

/** Creates the table exactly as infra/aws declares it (keys, indexes, TTL), unless it already exists. */
async function ensureTable(endpoint: string) {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
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
