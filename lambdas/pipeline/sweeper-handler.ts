import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { logger } from '../shared/logger';
import { dynamoCourseStore } from '../courses/course-store';
import { dynamoRunningJobs } from '../courses/running-jobs';
import { sweepStaleJobs, type SweeperDeps } from './sweeper';

// The sweeper's Lambda (EventBridge Scheduler, infra/aws/sweeper.ts). It publishes the age of the
// stalest running job (Mentora/OldestRunningJobAgeSeconds, for the stuck-generation alarm) and how
// many it failed.

const config = readConfig({ TABLE_NAME: tableName });
const deps: SweeperDeps = { running: dynamoRunningJobs(documentClient(), config.TABLE_NAME), store: dynamoCourseStore(documentClient(), config.TABLE_NAME) };
const metrics = new Metrics({ namespace: 'Mentora', serviceName: 'sweeper' });

export const handler = async () => {
  const result = await sweepStaleJobs(deps, clock.now());
  metrics.addMetric('OldestRunningJobAgeSeconds', MetricUnit.Seconds, result.oldestRunningJobAgeSeconds);
  metrics.addMetric('StalledCoursesFailed', MetricUnit.Count, result.swept);
  metrics.publishStoredMetrics();
  if (result.swept) logger.warn('stalled course jobs failed', { ...result });
  return result;
};
