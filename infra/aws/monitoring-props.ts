import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { ModelIds } from '../../lambdas/shared/ai/models';

// What the monitoring construct watches, in a file of its own: monitoring.ts builds the alarms and
// dashboard.ts the widgets from it, and neither has to import the other's module for its type.

export interface MonitoringProps {
  stage: string;
  production: boolean;
  /** Every Lambda of the app, by a readable name (the alarm ids and the dashboard use it). */
  functions: Record<string, lambda.IFunction>;
  stateMachines: Record<string, sfn.IStateMachine>;
  apiStage: apigw.HttpStage;
  bedrock: ModelIds;
  alarmEmail?: string;
  monthlyBudgetUsd: number;
}
