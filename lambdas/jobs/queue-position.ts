import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { queryCount } from '../shared/table-query';
import { QUEUE_PK, queueSk } from '../shared/ai/model-budget';

// "En cola: N cursos por delante" (issue 23): N is the number of courses waiting for the model
// budget that were asked for before this one (lambdas/pipeline/generation-queue.ts). One Query with
// Select COUNT on the queue's partition, keys before this job's mark; stale marks filtered out.
// Asked only while the job is marked waiting. A mark is ≈ 120 bytes: 200 waiting courses ≈ 6 KB ≈ 1 RCU.

export async function coursesAhead(db: DynamoDBDocumentClient, table: string, cola: string, jobId: string): Promise<number> {
  return queryCount(db, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk AND sk < :mine',
    FilterExpression: 'freshUntil > :now',
    ExpressionAttributeValues: { ':pk': QUEUE_PK, ':mine': queueSk(cola, jobId), ':now': clock.now().getTime() },
  });
}
