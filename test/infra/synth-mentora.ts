import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createMentoraApp } from '../../infra/aws/mentora-app';

/** Every context key docs/deploy.md documents, with made-up values. */
export const FULL_CONTEXT = {
  stage: 'prod',
  domainPrefix: 'mentora-test',
  siteDomain: 'app.mentora.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/66666666-7777-8888-9999-000000000000',
  googleClientId: 'google-client-id.apps.googleusercontent.com',
  googleSecretName: 'mentora/prod/google-client-secret',
  microsoftClientId: '00000000-aaaa-bbbb-cccc-000000000000',
  microsoftTenantId: '99999999-8888-7777-6666-555555555555',
  microsoftSecretName: 'mentora/prod/microsoft-client-secret',
};

/** What a production synth needs (infra/aws/context.ts): the site's domain and both certificates, so the API is CloudFront-only. */
export const PROD_DOOR = { siteDomain: FULL_CONTEXT.siteDomain, certificateArn: FULL_CONTEXT.certificateArn, apiCertificateArn: FULL_CONTEXT.apiCertificateArn };

/**
 * Synthesizes the app exactly as bin/app.ts does (cdk-nag plugin included) into a temporary
 * directory. `bundle: false` skips esbuild for files that only read the template.
 */
export function synthMentora(context: Record<string, string> = {}, bundle = false) {
  const outdir = mkdtempSync(join(tmpdir(), 'mentora-cdk-'));
  const { app, stack, waf } = createMentoraApp({ context, outdir, bundle });
  const assembly = app.synth();
  const template = Template.fromStack(stack);
  // The CloudFront web ACL's own stack, in us-east-1 (infra/aws/waf.ts).
  const wafTemplate = Template.fromStack(waf);
  // The alarms, dashboard and budget: a nested stack of the app's (infra/aws/mentora-stack.ts).
  const monitoringTemplate = Template.fromStack(stack.monitoring);
  return { app, stack, waf, assembly, outdir, template, json: template.toJSON() as CfnTemplate, wafTemplate, monitoringTemplate };
}

export interface CfnTemplate {
  Resources: Record<string, { Type: string; Properties?: any; DeletionPolicy?: string; DependsOn?: string[] }>;
  Outputs?: Record<string, { Value: unknown }>;
}

export const resourcesOfType = (json: CfnTemplate, type: string) =>
  Object.entries(json.Resources).filter(([, r]) => r.Type === type);

/** cdk-nag's AwsSolutions findings that are neither fixed nor acknowledged, by severity. */
export function nagFindings(app: Parameters<AwsSolutionsChecks['validateScope']>[0]) {
  const report = new AwsSolutionsChecks().validateScope(app);
  const list = (severity: string) =>
    report.violations
      .filter((v) => v.severity === severity)
      .map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
  return { errors: list('error'), warnings: list('warning') };
}
