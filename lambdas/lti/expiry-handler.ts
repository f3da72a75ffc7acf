import type { Context } from 'aws-lambda';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import * as z from 'zod';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { logger } from '../shared/logger';
import { metrics, observe } from '../shared/observability';
import { registrationsPublishedTo } from './frame-store';
import { sweepQueue } from './registration-expiry';

// The LTI queue's scheduled run (EventBridge Scheduler, infra/aws/lti-expiry.ts): unproven registrations past their
// expiry deleted with their counts and frame-store keys, stale domain reservations given back, failed frame-store
// publications retried (registration-expiry.ts). Without it a failed publication waited for the next registration.

const config = readConfig({ TABLE_NAME: tableName, LTI_FRAME_STORE_ARN: z.string().min(1).optional() });
const store = registrationsPublishedTo(documentClient(), config.TABLE_NAME, config.LTI_FRAME_STORE_ARN);

export const handler = async (_event?: unknown, context?: Context) =>
  observe('lti-expiry', context?.awsRequestId, context, async () => {
    const result = await sweepQueue(store, clock.now());
    metrics.addMetric('LtiQueueEntriesHandled', MetricUnit.Count, result.entradas);
    if (result.caducadas) logger.info('lti: expired registrations deleted', { ...result });
    return result;
  });
