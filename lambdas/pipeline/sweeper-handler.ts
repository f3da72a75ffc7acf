import type { Context } from 'aws-lambda';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import * as z from 'zod';
import { readConfig, tableName } from '../shared/config';
import { logger } from '../shared/logger';
import { OLDEST_RUNNING_JOB } from '../shared/metric-names';
import { metrics, observe } from '../shared/observability';
import { dynamoCourseStore, dynamoRunningJobs } from '../course-model';
import { tableBudget } from '../plans';
import { sweeperStop, sweepStaleJobs, type SweeperDeps } from './sweeper';

// The sweeper's Lambda (EventBridge Scheduler, infra/aws/sweeper.ts), observed like every other
// entry point (lambdas/shared/observability.ts: cold start, X-Ray subsegment, metrics flushed). It
// publishes the age of the stalest running job (Mentora/OldestRunningJobAgeSeconds with
// service=sweeper from POWERTOOLS_SERVICE_NAME, for the stuck-generation alarm) and how many it failed.

const config = readConfig({ TABLE_NAME: tableName, STATE_MACHINE_ARN: z.string().min(1) });
const budget = tableBudget(config.TABLE_NAME);
const deps: SweeperDeps = {
  running: dynamoRunningJobs(documentClient(), config.TABLE_NAME),
  store: dynamoCourseStore(documentClient(), config.TABLE_NAME),
  stop: sweeperStop(config.STATE_MACHINE_ARN),
  settle: (userId, jobId) => budget.settle(userId, jobId),
};

export const handler = async (_event?: unknown, context?: Context) =>
  observe('sweeper', context?.awsRequestId, context, async () => {
    const result = await sweepStaleJobs(deps, clock.now());
    metrics.addMetric(OLDEST_RUNNING_JOB.metric, MetricUnit.Seconds, result.oldestRunningJobAgeSeconds);
    metrics.addMetric('StalledCoursesFailed', MetricUnit.Count, result.swept);
    if (result.swept) logger.warn('stalled course jobs failed', { ...result });
    return result;
  });
