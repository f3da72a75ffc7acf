import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE } from './table';

// Powertools Idempotency's records on the app's single table: its keys and its TTL attribute. Each
// use names the partition its records live in: Stripe events share one (`STRIPE_EVENT`); a
// learner's request keys live in the learner's own (`USER#<sub>`), so ownership stays in the key
// and an account deletion takes them with it. The sort key is `<prefix>#<md5 of the key>`.

export function tableIdempotencyRecords(tableName: string, client: DynamoDBClient, partition: string): BasePersistenceLayer {
  return new DynamoDBPersistenceLayer({
    tableName,
    awsSdkV3Client: client,
    keyAttr: TABLE.partitionKey,
    sortKeyAttr: TABLE.sortKey,
    staticPkValue: partition,
    expiryAttr: TABLE.ttlAttribute,
  });
}
