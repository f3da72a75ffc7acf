// THE per-environment settings, one entry per stage, read by infra/aws/context.ts. The stage
// (`-c stage=<name>`, default `dev`) picks the entry; any key given as CDK context (`cdk.json` or
// `-c key=value`) overrides the file for that synth. docs/deploy.md lists every key.

export interface EnvironmentSettings {
  /** Where the stack lives. The WAF web ACL always goes to us-east-1 (CloudFront's requirement). */
  region: string;
  /** Optional: the account the stage must deploy to (default: the credentials' account). */
  account?: string;
  /**
   * Deletion protection and retention of the user pool, the table and the logs, longer log
   * retention, stricter alarm thresholds. A flag of its own: a stage's name never implies it.
   */
  production: boolean;
  /** Who gets the alarms (an SNS email subscription, confirmed from the first email). */
  alarmEmail?: string;
  /** AWS Budgets alarm on the account's monthly cost, in USD (80 % forecast and 100 % actual). */
  monthlyBudgetUsd: number;
}

export const ENVIRONMENTS: Record<string, EnvironmentSettings> = {
  dev: { region: 'us-east-1', production: false, monthlyBudgetUsd: 50 },
  prod: { region: 'eu-west-1', production: true, monthlyBudgetUsd: 500 },
};

/** A stage not listed above (a personal or feature stack) starts from these; region comes from the credentials or `-c region=`. */
export const DEFAULT_ENVIRONMENT: Omit<EnvironmentSettings, 'region'> = { production: false, monthlyBudgetUsd: 50 };
