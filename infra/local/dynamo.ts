import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { TABLE } from '../../lambdas/shared/table';
import { localCredentials, LOCAL_REGION } from './local-aws';

// dynalite has no types of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynalite = require('dynalite') as (opts: { path?: string; createTableMs?: number }) => import('node:http').Server;

export const TABLE_NAME = 'mentora';

/** DynamoDB on loopback: on disk under `dataDir` (survives restarts) or in memory. */
export async function startDynamo(dataDir?: string) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const server = dynalite({ path: dataDir, createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await ensureTable(url);
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Creates the table exactly as infra/aws declares it, unless it already exists. */
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
  client.destroy();
}
