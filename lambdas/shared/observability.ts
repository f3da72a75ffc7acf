import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { costUsd } from './ai/model-table';
import { logger } from './logger';
import { METRICS_NAMESPACE, MODEL_METRICS, type BusinessMetric } from './metric-names';

// Powertools Tracer and Metrics, one instance each per Lambda (like the logger), and the one wrapper
// every entry point runs in: createHandler (lambdas/shared/http.ts), the pipeline and model-job tasks
// and the tutor's stream. Service name and namespace come from POWERTOOLS_SERVICE_NAME and
// POWERTOOLS_METRICS_NAMESPACE (infra/aws/group-function.ts). Outside Lambda the tracer is off by
// itself, and the local stack and tests set POWERTOOLS_METRICS_DISABLED so no EMF floods their output.

export const tracer = new Tracer();
export const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE });

export type { BusinessMetric } from './metric-names';

/** Counts one business event; flushed with the invocation's other metrics when it ends. */
export function countMetric(name: BusinessMetric, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/**
 * ModelTokens (input + output) and ModelCostUSD (estimated from lambdas/shared/ai/model-table.ts) of
 * one model call, failed calls' spent tokens included, by purpose and model id. Each is emitted at
 * once as its own EMF record: its extra dimensions must not attach to the invocation's other metrics.
 */
export function recordModelUsage(purpose: string, modelId: string, usage: { inputTokens: number; outputTokens: number; cacheReadInputTokens?: number; cacheWriteInputTokens?: number } | undefined): void {
  const input = usage?.inputTokens ?? 0;
  const output = usage?.outputTokens ?? 0;
  for (const [name, unit, value] of [[MODEL_METRICS.tokens, MetricUnit.Count, input + output], [MODEL_METRICS.costUsd, MetricUnit.NoUnit, costUsd(modelId, input, output, { read: usage?.cacheReadInputTokens, write: usage?.cacheWriteInputTokens })]] as const) {
    metrics.singleMetric().addDimension('purpose', purpose).addDimension('model', modelId).addMetric(name, unit, value);
  }
}

/** The subset of Lambda's context the wrapper reads (the local stack passes none or a partial one). */
export interface InvocationContext {
  awsRequestId?: string;
  functionName?: string;
  getRemainingTimeInMillis?: () => number;
}

/**
 * Runs one invocation observed: correlation id and Lambda context on every log line, a `## name`
 * X-Ray subsegment with the ColdStart and Service annotations, the ColdStart metric, and the stored
 * metrics flushed when it ends, failed or not.
 */
export async function observe<T>(name: string, correlationId: string | undefined, context: InvocationContext | undefined, run: () => Promise<T>): Promise<T> {
  if (context?.awsRequestId) logger.addContext(context as Parameters<typeof logger.addContext>[0]);
  logger.resetKeys();
  if (correlationId) logger.setCorrelationId(correlationId);
  metrics.captureColdStartMetric();
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  const segment = parent?.addNewSubsegment(`## ${name}`);
  if (segment) {
    tracer.setSegment(segment);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    if (correlationId) tracer.putAnnotation('correlationId', correlationId);
  }
  try {
    return await run();
  } catch (error) {
    if (segment) tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    if (segment && parent) {
      segment.close();
      tracer.setSegment(parent);
    }
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  }
}
