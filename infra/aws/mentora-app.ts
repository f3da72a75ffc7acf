import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MentoraStack, type MentoraStackProps } from './mentora-stack';

export interface MentoraAppOptions extends Pick<AppProps, 'context' | 'outdir'> {
  /** See MentoraStackProps.bundle: `false` only for template tests. */
  bundle?: boolean;
  webDist?: MentoraStackProps['webDist'];
  groups?: MentoraStackProps['groups'];
}

/**
 * The CDK app as `npm run synth` builds it: one stack per stage, checked by cdk-nag's AwsSolutions
 * pack. cdk-nag 3 is a policy-validation plugin: an unacknowledged error stops the synth.
 */
export function createMentoraApp(options: MentoraAppOptions = {}) {
  const app = new App({ context: options.context, outdir: options.outdir });
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  const stack = new MentoraStack(app, `Mentora-${stage}`, {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    description: `Mentora (${stage}): Spanish AI learning platform`,
    bundle: options.bundle,
    webDist: options.webDist,
    groups: options.groups,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
