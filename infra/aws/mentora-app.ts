import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readContext } from './context';
import { REPO_ROOT } from './lambda-bundling';
import { MentoraStack, type MentoraStackProps } from './mentora-stack';
import { WafStack } from './waf';

export interface MentoraAppOptions extends Pick<AppProps, 'context' | 'outdir'> {
  /** See MentoraStackProps.bundle: `false` only for template tests. */
  bundle?: boolean;
  webDist?: MentoraStackProps['webDist'];
}

/** CloudFront's web ACLs live in us-east-1 only (infra/aws/waf.ts). */
export const WAF_REGION = 'us-east-1';

/**
 * CDK's feature flags as cdk.json sets them (the recommended ones of this aws-cdk-lib): the CLI
 * passes them to bin/app.ts, and tests that build the app in process get the same from here.
 */
export function featureFlags(): Record<string, unknown> {
  const { context } = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return Object.fromEntries(Object.entries(context).filter(([key]) => key.startsWith('@aws-cdk')));
}

/**
 * The CDK app as `npm run synth` builds it: per stage, the app's stack in the stage's region
 * (infra/environments.ts) and its WAF stack in us-east-1, checked by cdk-nag's AwsSolutions pack.
 * cdk-nag 3 is a policy-validation plugin: an unacknowledged error stops the synth.
 */
export function createMentoraApp(options: MentoraAppOptions = {}) {
  const app = new App({ context: { ...featureFlags(), ...options.context }, outdir: options.outdir });
  const ctx = readContext((key) => app.node.tryGetContext(key));
  const account = ctx.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  // The region is in both names: two regions of one account share us-east-1 for their WAF stacks.
  const waf = new WafStack(app, `Mentora-${ctx.stage}-waf-${ctx.region}`, {
    env: { account, region: WAF_REGION },
    description: `Mentora (${ctx.stage}, ${ctx.region}): CloudFront web ACL`,
    crossRegionReferences: true,
    stage: ctx.stage,
    appRegion: ctx.region,
  });
  const stack = new MentoraStack(app, `Mentora-${ctx.stage}`, {
    env: { account, region: ctx.region },
    description: `Mentora (${ctx.stage}): Spanish AI learning platform`,
    crossRegionReferences: true,
    context: ctx,
    webAclArn: waf.webAcl.attrArn,
    bundle: options.bundle,
    webDist: options.webDist,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, waf };
}
