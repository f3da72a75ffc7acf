import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { BUSINESS_METRICS } from '../../lambdas/shared/metric-names';
import { REPO_ROOT } from '../../infra/aws/lambda-bundling';
import { RUNBOOKS, THRESHOLDS } from '../../infra/aws/monitoring';
import { PROD_DOOR, resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';

// What an operator is told: every alarm reaches one SNS topic (email from the environment), names a
// runbook entry that exists, and covers each function, each workflow, the API, Bedrock, payments and
// stuck jobs; a dashboard and a monthly budget come with it. They live in a nested stack (the app's
// stack would pass CloudFormation's 500 resources otherwise): what they watch reaches them as the
// nested stack's parameters, which `inParent` follows back to the app's resources.

type Resource = CfnTemplate['Resources'][string];
const alarmsOf = (json: CfnTemplate): (Record<string, any> & { id: string })[] => resourcesOfType(json, 'AWS::CloudWatch::Alarm').map(([id, r]) => ({ ...(r.Properties as Record<string, any>), id }));
// The alarms' topic (the contact form has a topic of its own: infra/aws/support.ts).
const alarmTopics = (json: CfnTemplate) => resourcesOfType(json, 'AWS::SNS::Topic').filter(([id]) => id.startsWith('MonitoringAlarmTopic'));
const topicId = (json: CfnTemplate) => alarmTopics(json)[0][0];
/** The app's own Lambdas (not CDK's helper functions): the ones Powertools runs in. */
const appFunctions = (json: CfnTemplate) => resourcesOfType(json, 'AWS::Lambda::Function').filter(([, r]: [string, Resource]) => r.Properties?.Environment?.Variables?.POWERTOOLS_SERVICE_NAME);
const dimension = (alarm: Record<string, any>, name: string) => alarm.Dimensions?.find((d: { Name: string }) => d.Name === name)?.Value;
/** The nested monitoring stack's resource in the app's stack. */
const nestedOf = (json: CfnTemplate) => resourcesOfType(json, 'AWS::CloudFormation::Stack').filter(([id]) => id.startsWith('Observability'));
/** What a `{ Ref: <parameter> }` of the nested stack is in the app's stack (a parameter CDK made for a reference). */
const inParent = (json: CfnTemplate, value: unknown) => {
  const parameter = (value as { Ref?: string } | undefined)?.Ref;
  return parameter ? nestedOf(json)[0][1].Properties.Parameters[parameter] : value;
};

describe('alarms, dashboard and budget', () => {
  /** The app's stack, and the nested stack of the alarms (and its assertions' Template). */
  let json: CfnTemplate;
  let mon: CfnTemplate;
  let monitoring: Template;
  beforeAll(() => {
    const synth = templatesOf({ stage: 'prod', alarmEmail: 'ops@mentora.example', monthlyBudgetUsd: '750', ...PROD_DOOR });
    json = synth.json;
    mon = synth.monitoring;
    monitoring = Template.fromJSON(mon);
  });

  it('lives in one nested stack of the app\'s, which stays under CloudFormation\'s 500 resources', () => {
    expect(nestedOf(json)).toHaveLength(1);
    expect(alarmsOf(json)).toEqual([]);
    expect(Object.keys(json.Resources).length).toBeLessThan(500);
    expect(Object.keys(mon.Resources).length).toBeLessThan(500);
  });

  it('sends every alarm, and its return to OK, to the one SNS topic', () => {
    expect(alarmTopics(mon)).toHaveLength(1);
    const topic = { Ref: topicId(mon) };
    const alarms = alarmsOf(mon);
    expect(alarms.length).toBeGreaterThan(30);
    for (const alarm of alarms) expect([alarm.id, alarm.AlarmActions, alarm.OKActions]).toEqual([alarm.id, [topic], [topic]]);
  });

  it('subscribes the environment\'s alarm email to the topic, over TLS only', () => {
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@mentora.example', TopicArn: { Ref: topicId(mon) } });
    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('names a runbook entry of docs/operations.md in every alarm, and the runbook has one per kind of alarm', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    // GitHub's anchor of a heading: lowercase, spaces to dashes, punctuation dropped.
    const anchors = new Set([...doc.matchAll(/^#{2,4} (.+)$/gm)].map(([, h]) => h.trim().toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s+/g, '-')));
    for (const runbook of RUNBOOKS) expect([runbook, anchors.has(runbook)]).toEqual([runbook, true]);
    for (const alarm of alarmsOf(mon)) {
      const named = /docs\/operations\.md#([\w-]+)/.exec(alarm.AlarmDescription)?.[1];
      expect([alarm.id, named && anchors.has(named)]).toEqual([alarm.id, true]);
    }
  });

  it('alarms on errors and on throttles of every function of the app', () => {
    const functions = appFunctions(json);
    expect(functions.length).toBeGreaterThanOrEqual(15);
    const alarms = alarmsOf(mon);
    for (const [id] of functions) {
      for (const metric of ['Errors', 'Throttles']) {
        const found = alarms.filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === metric && inParent(json, dimension(a, 'FunctionName'))?.Ref === id);
        expect([id, metric, found.length, found[0]?.Threshold]).toEqual([id, metric, 1, 1]);
      }
    }
  });

  it('alarms on failed and timed-out executions of every state machine (course pipeline, model jobs, LMS scores)', () => {
    const machines = resourcesOfType(json, 'AWS::StepFunctions::StateMachine').map(([id]) => id);
    expect(machines).toHaveLength(3);
    for (const id of machines) {
      for (const metric of ['ExecutionsFailed', 'ExecutionsTimedOut']) {
        const found = alarmsOf(mon).filter((a) => a.Namespace === 'AWS/States' && a.MetricName === metric && inParent(json, dimension(a, 'StateMachineArn'))?.Ref === id);
        expect([id, metric, found.length]).toEqual([id, metric, 1]);
      }
    }
  });

  it('alarms on the API stage\'s 5xx rate (as a percentage of requests) and its p99 latency', () => {
    const rate = alarmsOf(mon).find((a) => a.id.startsWith('MonitoringApi5xxRate'))!;
    const expression = rate.Metrics.find((m: { Expression?: string }) => m.Expression)!.Expression as string;
    expect(expression).toMatch(/100 \* errors \/ requests/);
    expect(rate.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric.MetricName).sort()).toEqual(['5xx', 'Count']);
    expect(rate.Threshold).toBe(THRESHOLDS.api5xxPercent);
    const latency = alarmsOf(mon).find((a) => a.id.startsWith('MonitoringApiLatencyP99'))!;
    expect([latency.Namespace, latency.MetricName, latency.ExtendedStatistic, latency.Threshold]).toEqual(['AWS/ApiGateway', 'Latency', 'p99', THRESHOLDS.apiP99Ms]);
    expect(dimension(latency, 'Stage')).toBe('api');
  });

  it('alarms on Bedrock throttling of each model the stack calls', () => {
    const ids = new Set(appFunctions(json).flatMap(([, r]) => [r.Properties.Environment.Variables.MODEL_FAST_ID, r.Properties.Environment.Variables.MODEL_STRONG_ID, r.Properties.Environment.Variables.MODEL_VERIFIER_ID]).filter(Boolean));
    expect(ids.size).toBeGreaterThan(0);
    const throttled = alarmsOf(mon).filter((a) => a.Namespace === 'AWS/Bedrock' && a.MetricName === 'InvocationThrottles').map((a) => dimension(a, 'ModelId'));
    expect(new Set(throttled)).toEqual(ids);
  });

  it('alarms on webhook failures and on the oldest running job, from the metrics the functions publish', () => {
    const webhook = alarmsOf(mon).find((a) => a.MetricName === 'WebhookFailed')!;
    expect([webhook.Namespace, dimension(webhook, 'service'), webhook.Threshold]).toEqual(['Mentora', 'payments', 1]);
    const oldest = alarmsOf(mon).find((a) => a.MetricName === 'OldestRunningJobAgeSeconds')!;
    expect([oldest.Namespace, dimension(oldest, 'service'), oldest.Statistic, oldest.Threshold]).toEqual(['Mentora', 'sweeper', 'Maximum', THRESHOLDS.oldestRunningJobSeconds]);
  });

  it('builds one dashboard, named with the region, showing every business metric', () => {
    const [[, dashboard]] = resourcesOfType(mon, 'AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties.DashboardName).toBe('Mentora-prod-eu-west-1');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    // In a graph's SEARCH expression (the text widget lists the names too, without `MetricName=`).
    for (const metric of [...BUSINESS_METRICS, 'ModelTokens', 'ModelCostUSD']) expect(body).toMatch(new RegExp(`MetricName=[\\\\"]+${metric}[\\\\"]`));
  });

  it('sets a monthly cost budget from the environment, alerting the topic at 80 % forecast and 100 % actual', () => {
    monitoring.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetName: 'Mentora-prod-eu-west-1-monthly', BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 750, Unit: 'USD' } },
      NotificationsWithSubscribers: [
        { Notification: { NotificationType: 'FORECASTED', Threshold: 80 }, Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId(mon) } }] },
        { Notification: { NotificationType: 'ACTUAL', Threshold: 100 }, Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId(mon) } }] },
      ],
    });
    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Allow', Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish' })]) },
    });
  });

  it('takes the budget and the missing email from the environment file when context gives none', () => {
    const dev = templatesOf({ stage: 'dev' });
    const devMonitoring = Template.fromJSON(dev.monitoring);
    devMonitoring.hasResourceProperties('AWS::Budgets::Budget', { Budget: { BudgetName: 'Mentora-dev-us-east-1-monthly', BudgetLimit: { Amount: 50 } } });
    devMonitoring.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});
