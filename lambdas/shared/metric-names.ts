// The names the functions publish metrics under and the alarms and dashboard read
// (infra/aws/monitoring.ts): one place, without the Powertools runtime, so the CDK app imports it too.

export const METRICS_NAMESPACE = 'Mentora';

/** The business metrics (docs/operations.md "Metrics"), each a Count with the `service` dimension. */
export const BUSINESS_METRICS = [
  'CourseStarted',
  'CourseReady',
  'CourseFailed',
  'LessonFailed',
  'TutorMessage',
  'QuotaExceeded',
  'CheckoutCompleted',
  'WebhookFailed',
  // A second live subscription, or one paid for a deleted account, cancelled and refunded (docs/payments.md).
  'SubscriptionRefunded',
  // A bank question withdrawn by reports or by backwards discrimination (docs/evaluations.md).
  'QuestionsWithdrawn',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

/** Per model call, dimensions `service`, `purpose` and `model`. */
export const MODEL_METRICS = { tokens: 'ModelTokens', costUsd: 'ModelCostUSD' } as const;

/**
 * Seconds since the stalest running job last moved (0 when none runs), published by the stale-job
 * sweeper on every run (lambdas/pipeline/sweeper-handler.ts, service `sweeper`); the OldestRunningJob
 * alarm reads it with exactly this dimension.
 */
export const OLDEST_RUNNING_JOB = { metric: 'OldestRunningJobAgeSeconds', service: 'sweeper' } as const;
