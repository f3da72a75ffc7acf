import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { BUSINESS_METRICS, METRICS_NAMESPACE, MODEL_METRICS } from '../../lambdas/shared/metric-names';
import type { MonitoringProps } from './monitoring-props';

// The CloudWatch dashboard, top to bottom: the alarms' state, the API, the learners' activity, model
// spend, the workflows, then every function. Business metrics come from several functions (each its
// own `service` dimension), so the dashboard sums them with SEARCH; alarms name exact dimensions.

const five = Duration.minutes(5);
const hour = Duration.hours(1);

/** Every series of one Mentora metric, whatever its dimensions, summed into one line. */
const summed = (metric: string, label = metric, period = five) =>
  new cloudwatch.MathExpression({
    expression: `SUM(SEARCH('{${METRICS_NAMESPACE},service} MetricName="${metric}"', 'Sum', ${period.toSeconds()}))`,
    label,
    period,
  });

/** One line per model and purpose. */
const perModel = (metric: string) =>
  new cloudwatch.MathExpression({
    expression: `SEARCH('{${METRICS_NAMESPACE},model,purpose,service} MetricName="${metric}"', 'Sum', ${hour.toSeconds()})`,
    label: '',
    period: hour,
  });

export function dashboardWidgets(props: MonitoringProps & { alarms: cloudwatch.IAlarm[] }): cloudwatch.IWidget[][] {
  const fns = Object.entries(props.functions);
  const machines = Object.entries(props.stateMachines);
  const stage = props.apiStage;
  return [
    [new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: props.alarms, width: 24, height: 6 })],
    [
      new cloudwatch.GraphWidget({ title: 'API requests and errors', left: [stage.metricCount({ period: five, statistic: 'Sum' })], right: [stage.metricServerError({ period: five, statistic: 'Sum' }), stage.metricClientError({ period: five, statistic: 'Sum' })], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'API latency (ms)', left: ['p50', 'p90', 'p99'].map((statistic) => stage.metricLatency({ period: five, statistic, label: statistic })), width: 12 }),
    ],
    [
      new cloudwatch.GraphWidget({ title: 'Courses', left: ['CourseStarted', 'CourseReady', 'CourseFailed', 'LessonFailed'].map((m) => summed(m)), width: 8 }),
      new cloudwatch.GraphWidget({ title: 'Tutor, quotas and questions withdrawn', left: [summed('TutorMessage'), summed('QuotaExceeded'), summed('QuestionsWithdrawn')], width: 8 }),
      new cloudwatch.GraphWidget({ title: 'Payments', left: [summed('CheckoutCompleted'), summed('WebhookFailed'), summed('SubscriptionRefunded')], width: 8 }),
    ],
    [
      new cloudwatch.GraphWidget({ title: 'Model tokens by model and purpose (per hour)', left: [perModel(MODEL_METRICS.tokens)], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Estimated model cost, USD (per hour)', left: [perModel(MODEL_METRICS.costUsd)], right: [summed(MODEL_METRICS.costUsd, 'Total USD', hour)], width: 12 }),
    ],
    [
      new cloudwatch.GraphWidget({
        title: 'Workflow executions',
        left: machines.flatMap(([name, m]) => [m.metricStarted({ label: `${name} started`, period: five }), m.metricSucceeded({ label: `${name} succeeded`, period: five })]),
        right: machines.flatMap(([name, m]) => [m.metricFailed({ label: `${name} failed`, period: five }), m.metricTimedOut({ label: `${name} timed out`, period: five })]),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Bedrock invocations and throttles',
        left: Object.values(props.bedrock).map((id: string) => new cloudwatch.Metric({ namespace: 'AWS/Bedrock', metricName: 'Invocations', dimensionsMap: { ModelId: id }, period: five, statistic: 'Sum', label: id })),
        right: Object.values(props.bedrock).map((id: string) => new cloudwatch.Metric({ namespace: 'AWS/Bedrock', metricName: 'InvocationThrottles', dimensionsMap: { ModelId: id }, period: five, statistic: 'Sum', label: `${id} throttled` })),
        width: 12,
      }),
    ],
    [
      new cloudwatch.GraphWidget({ title: 'Lambda errors', left: fns.map(([name, fn]) => fn.metricErrors({ label: name, period: five, statistic: 'Sum' })), width: 8 }),
      new cloudwatch.GraphWidget({ title: 'Lambda throttles', left: fns.map(([name, fn]) => fn.metricThrottles({ label: name, period: five, statistic: 'Sum' })), width: 8 }),
      new cloudwatch.GraphWidget({ title: 'Lambda duration p99 (ms)', left: fns.map(([name, fn]) => fn.metricDuration({ label: name, period: five, statistic: 'p99' })), width: 8 }),
    ],
    [
      new cloudwatch.GraphWidget({ title: 'Cold starts', left: [summed('ColdStart')], width: 12 }),
      new cloudwatch.TextWidget({
        markdown: `**Metrics** in namespace \`${METRICS_NAMESPACE}\`: ${BUSINESS_METRICS.join(', ')}, ${MODEL_METRICS.tokens}, ${MODEL_METRICS.costUsd}. Runbook: docs/operations.md.`,
        width: 12,
        height: 6,
      }),
    ],
  ];
}
