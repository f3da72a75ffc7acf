import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { queryAll } from '../shared/table-query';
import { QUEUE_PK, queueSk, serveMs } from '../shared/ai/model-budget';

// "En cola: N cursos por delante" and "Tu curso empezará en ~N min" (issues 23, 35 and 40): N is the
// number of courses waiting for the model budget whose place is before this one's
// (lambdas/pipeline/generation-queue.ts fairPlace: in turn between learners, then first come, first
// served), which are the courses the turn queue serves first; the wait is what they
// still ask of the budget (each mark carries it) at the pace the budget serves generation. One
// Query on the queue's partition, keys before this job's mark (never a Scan); stale marks filtered
// out. Asked only while the job is marked waiting. A mark is ≈ 130 bytes: 200 waiting ≈ 7 KB ≈ 1 RCU.

export interface QueuePlace {
  porDelante: number;
  /** Whole minutes until the budget reaches this course, at least 1. */
  minutos: number;
}

export async function placeInQueue(db: DynamoDBDocumentClient, table: string, cola: string, jobId: string, ownTokens = 0): Promise<QueuePlace> {
  const ahead = await queryAll<{ tokens?: number }>(db, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk AND sk < :mine',
    FilterExpression: 'freshUntil > :now',
    ProjectionExpression: 'tokens',
    ExpressionAttributeValues: { ':pk': QUEUE_PK, ':mine': queueSk(cola, jobId), ':now': clock.now().getTime() },
  });
  const tokens = ahead.reduce((n, m) => n + (m.tokens ?? 0), ownTokens);
  return { porDelante: ahead.length, minutos: Math.max(1, Math.ceil(serveMs(tokens) / 60_000)) };
}

/** The count alone ("cursos por delante"). */
export const coursesAhead = async (db: DynamoDBDocumentClient, table: string, cola: string, jobId: string) => (await placeInQueue(db, table, cola, jobId)).porDelante;
