import { Annotations, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, OLDEST_RUNNING_JOB } from '../../lambdas/shared/metric-names';
import { dashboardWidgets } from './dashboard';
import type { MonitoringProps } from './monitoring-props';

// Alarms, the dashboard and the cost budget: every alarm goes to one SNS topic (email from
// infra/environments.ts `alarmEmail`). docs/operations.md has a runbook entry for each kind of alarm.

/** The runbook entries of docs/operations.md, one per kind of alarm (and the budget). */
export const RUNBOOKS = [
  'lambda-errors',
  'lambda-throttles',
  'executions-failed',
  'executions-timed-out',
  'api-5xx-rate',
  'api-latency-p99',
  'bedrock-throttles',
  'webhook-failures',
  'oldest-running-job',
  'monthly-budget',
] as const;
type Runbook = (typeof RUNBOOKS)[number];

/** Thresholds (docs/operations.md); Lambda errors, throttles and failed executions alarm at the first one. */
export const THRESHOLDS = {
  api5xxPercent: 5,
  apiP99Ms: 10_000,
  bedrockThrottles: 10,
  // The sweeper (lambdas/pipeline/sweeper.ts) fails a job idle for 15 minutes, every 5 minutes: a job
  // idle for 25 means it is not doing so.
  oldestRunningJobSeconds: 25 * 60,
};

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: `Mentora ${props.stage} alarms`, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    else Annotations.of(this).addWarningV2('mentora:alarm-email-missing', 'No alarmEmail for this stage (infra/environments.ts or -c alarmEmail=): alarms reach an SNS topic nobody reads.');
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: 'Alarm and budget notifications carry no learner data; an AWS-managed key would refuse CloudWatch and Budgets, a customer key costs more than what it protects.',
    });
    const action = new actions.SnsAction(this.topic);
    const five = Duration.minutes(5);
    // Each alarm names its runbook entry (a heading of docs/operations.md; test/infra/monitoring.test.ts checks it exists).
    const alarm = (alarmId: string, runbook: Runbook, metric: cloudwatch.IMetric, threshold: number, description: string, extra: Partial<cloudwatch.CreateAlarmOptions> = {}) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: `${description} Runbook: docs/operations.md#${runbook}`,
        ...extra,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    // Errors and throttles of every function: any at all is worth a look.
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}Errors`, 'lambda-errors', fn.metricErrors({ period: five, statistic: 'Sum' }), 1, `The ${name} Lambda failed (error, timeout or crash).`);
      alarm(`${name}Throttles`, 'lambda-throttles', fn.metricThrottles({ period: five, statistic: 'Sum' }), 1, `The ${name} Lambda was throttled (concurrency limit).`);
    }
    for (const [name, machine] of Object.entries(props.stateMachines)) {
      alarm(`${name}ExecutionsFailed`, 'executions-failed', machine.metricFailed({ period: five, statistic: 'Sum' }), 1, `A ${name} execution failed.`);
      alarm(`${name}ExecutionsTimedOut`, 'executions-timed-out', machine.metricTimedOut({ period: five, statistic: 'Sum' }), 1, `A ${name} execution timed out.`);
    }

    const requests = props.apiStage.metricCount({ period: five, statistic: 'Sum' });
    const serverErrors = props.apiStage.metricServerError({ period: five, statistic: 'Sum' });
    alarm(
      'Api5xxRate',
      'api-5xx-rate',
      new cloudwatch.MathExpression({ expression: 'IF(requests >= 20, 100 * errors / requests, 0)', usingMetrics: { errors: serverErrors, requests }, period: five, label: 'API 5xx %' }),
      THRESHOLDS.api5xxPercent,
      `Over ${THRESHOLDS.api5xxPercent} % of API requests answered 5xx in 5 minutes (with at least 20 requests).`,
    );
    alarm('ApiLatencyP99', 'api-latency-p99', props.apiStage.metricLatency({ period: five, statistic: 'p99' }), THRESHOLDS.apiP99Ms, `API p99 latency at or over ${THRESHOLDS.apiP99Ms} ms for 15 minutes.`, {
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
    });

    // Bedrock throttles each model id separately; our client retries, so only a burst matters.
    for (const [tier, modelId] of Object.entries(props.bedrock) as [string, string][]) {
      const throttles = new cloudwatch.Metric({ namespace: 'AWS/Bedrock', metricName: 'InvocationThrottles', dimensionsMap: { ModelId: modelId }, period: five, statistic: 'Sum' });
      alarm(`Bedrock${tier[0].toUpperCase()}${tier.slice(1)}Throttles`, 'bedrock-throttles', throttles, THRESHOLDS.bedrockThrottles, `Bedrock throttled ${THRESHOLDS.bedrockThrottles}+ calls to the ${tier} model (${modelId}) in 5 minutes.`);
    }

    // Published by the functions themselves (lambdas/shared/observability.ts).
    alarm('WebhookFailures', 'webhook-failures', new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName: 'WebhookFailed', dimensionsMap: { service: 'payments' }, period: five, statistic: 'Sum' }), 1, 'A Stripe webhook event could not be applied (Stripe retries it).');
    alarm(
      'OldestRunningJob',
      'oldest-running-job',
      new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName: OLDEST_RUNNING_JOB.metric, dimensionsMap: { service: OLDEST_RUNNING_JOB.service }, period: five, statistic: 'Maximum' }),
      THRESHOLDS.oldestRunningJobSeconds,
      `A running generation job has not moved for ${THRESHOLDS.oldestRunningJobSeconds / 60}+ minutes, past the sweeper's cut, or the sweeper stopped publishing its age.`,
      // The sweeper publishes every 5 minutes: silence is a failure too (2 of 3 periods, so one late run is not).
      { evaluationPeriods: 3, datapointsToAlarm: 2, treatMissingData: cloudwatch.TreatMissingData.BREACHING },
    );

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      // Dashboard names are global to the account: the region keeps two deployments apart.
      dashboardName: `Mentora-${props.stage}-${stack.region}`,
      defaultInterval: Duration.hours(6),
      widgets: dashboardWidgets({ ...props, alarms: this.alarms }),
    });

    // Budgets are global to the account as well; one per stage and region.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );
    const subscribers = [{ subscriptionType: 'SNS', address: this.topic.topicArn }];
    new budgets.CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `Mentora-${props.stage}-${stack.region}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers },
        { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers },
      ],
    });
  }
}
