import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobResult } from '../contract';
import { jobKey } from '../courses/course-keys';
import type { JobItem } from '../courses/course-items';

/**
 * The job item of a model job (same key and view as a course job, GET /jobs/{id}). `finish` only
 * changes a job still `en_proceso`, so a late retry never turns a failed job into a finished one
 * (or back) and the allowance is given back exactly once.
 */
export interface ModelJobStore {
  create(job: JobItem): Promise<void>;
  /** True when this call ended the job (false: it had already ended). */
  finish(userId: string, jobId: string, end: { result: JobResult } | { error: string }): Promise<boolean>;
}

export function dynamoModelJobStore(db: DynamoDBDocumentClient, TableName: string): ModelJobStore {
  return {
    async create(job) {
      await db.send(new PutCommand({ TableName, Item: { ...job, ...jobKey(job.userId, job.jobId) }, ConditionExpression: 'attribute_not_exists(pk)' }));
    },

    async finish(userId, jobId, end) {
      const ok = 'result' in end;
      try {
        await db.send(
          new UpdateCommand({
            TableName,
            Key: jobKey(userId, jobId),
            UpdateExpression: `SET #status = :status, #step = :status, #done = #total, updatedAt = :now, ${ok ? '#result = :value' : '#error = :value'}`,
            ConditionExpression: '#status = :running',
            ExpressionAttributeNames: { '#status': 'status', '#step': 'step', '#done': 'done', '#total': 'total', [ok ? '#result' : '#error']: ok ? 'result' : 'error' },
            ExpressionAttributeValues: { ':status': ok ? 'completado' : 'error', ':running': 'en_proceso', ':now': new Date().toISOString(), ':value': ok ? end.result : end.error },
          }),
        );
        return true;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
  };
}
