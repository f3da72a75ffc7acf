import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryPages } from '../shared/table-query';
import { runningJobIndex } from './store-support';

// The running course jobs, read from their sparse index (store-support.ts runningJobIndex) for the
// sweeper (lambdas/pipeline/sweeper.ts): one Query per shard, oldest movement first, so one page
// per shard usually holds its stale jobs and its oldest running job's age. Never a Scan.

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

type Row = RunningJob & { gsi2sk: string };

export function dynamoRunningJobs(db: DynamoDBDocumentClient, TableName: string): RunningJobs {
  /** One partition's stale jobs (up to `max`), oldest first, and when its stalest job last moved. */
  async function idleIn(partition: string, cutoff: string, max: number) {
    const stale: RunningJob[] = [];
    let oldestMovedAt: string | undefined;
    const pages = queryPages<Row>(db, {
      TableName,
      IndexName: runningJobIndex.name,
      KeyConditionExpression: '#pk = :p',
      ExpressionAttributeNames: { '#pk': runningJobIndex.partitionKey },
      ExpressionAttributeValues: { ':p': partition },
      ScanIndexForward: true,
      Limit: PAGE,
    });
    for await (const items of pages) {
      oldestMovedAt ??= items[0]?.gsi2sk;
      const idle = items.filter((i) => i.gsi2sk < cutoff);
      stale.push(...idle.map(({ userId, courseId, jobId, gsi2sk }) => ({ userId, courseId, jobId, movedAt: gsi2sk })));
      // Sorted by last movement: once a page holds a job that moved after the cutoff, no later one is stale.
      if (idle.length < items.length || stale.length >= max) break;
    }
    return { stale, oldestMovedAt };
  }

  return {
    async idleSince(cutoff, max) {
      // One Query per shard, all at once (store-support.ts RUNNING_JOB_SHARDS); the stalest first overall.
      const shards = await Promise.all(runningJobIndex.partitions().map((p) => idleIn(p, cutoff, max)));
      const stale = shards.flatMap((s) => s.stale).sort((a, b) => a.movedAt.localeCompare(b.movedAt));
      const oldest = shards.map((s) => s.oldestMovedAt).filter((t): t is string => t !== undefined).sort()[0];
      return { stale: stale.slice(0, max), oldestMovedAt: oldest };
    },
  };
}
