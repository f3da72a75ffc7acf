import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { runningJobIndex } from './store-support';

// The running course jobs, read from their sparse index (store-support.ts runningJobIndex) for the
// sweeper (lambdas/pipeline/sweeper.ts): oldest movement first, so one Query page usually holds
// every stale job and the oldest running job's age. Never a Scan.

export interface RunningJob {
  userId: string;
  courseId: string;
  jobId: string;
  /** When the job last moved (its gsi2 sort key). */
  movedAt: string;
}

export interface RunningJobs {
  /** Running jobs that have not moved since `cutoff` (at most `max`), and when the stalest one last moved. */
  idleSince(cutoff: string, max: number): Promise<{ stale: RunningJob[]; oldestMovedAt?: string }>;
}

const PAGE = 100;

export function dynamoRunningJobs(db: DynamoDBDocumentClient, TableName: string): RunningJobs {
  return {
    async idleSince(cutoff, max) {
      const stale: RunningJob[] = [];
      let oldestMovedAt: string | undefined;
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db.send(
          new QueryCommand({
            TableName,
            IndexName: runningJobIndex.name,
            KeyConditionExpression: '#pk = :p',
            ExpressionAttributeNames: { '#pk': runningJobIndex.partitionKey },
            ExpressionAttributeValues: { ':p': runningJobIndex.value },
            ScanIndexForward: true,
            Limit: PAGE,
            ExclusiveStartKey: start,
          }),
        );
        const items = (out.Items ?? []) as (RunningJob & { gsi2sk: string })[];
        oldestMovedAt ??= items[0]?.gsi2sk;
        const idle = items.filter((i) => i.gsi2sk < cutoff);
        stale.push(...idle.map(({ userId, courseId, jobId, gsi2sk }) => ({ userId, courseId, jobId, movedAt: gsi2sk })));
        // Sorted by last movement: once a page holds a job that moved after the cutoff, no later one is stale.
        start = idle.length === items.length ? out.LastEvaluatedKey : undefined;
      } while (start && stale.length < max);
      return { stale: stale.slice(0, max), oldestMovedAt };
    },
  };
}
