import { z } from 'zod';
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS } from '../environments';

// Everything an operator chooses per deployment: the stage's entry in infra/environments.ts, under
// any CDK context (`cdk.json` or `-c key=value`) given for the same keys, validated here once so a
// typo fails the synth with a clear message instead of a broken deploy. docs/deploy.md lists every key.

const name = z.string().trim().min(1);

const contextSchema = z.object({
  /** Names the stacks and picks the entry of infra/environments.ts; never implies `production`. */
  stage: z.string().regex(/^[a-z][a-z0-9-]{0,15}$/, 'stage: lowercase letters, digits and dashes').default('dev'),
  /** infra/environments.ts: where the stack lives (the WAF goes to us-east-1 whatever this is). */
  region: z.string({ error: 'region: give the stage an entry in infra/environments.ts or pass -c region=<region>' }).regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'region: an AWS region such as eu-west-1'),
  account: z.string().regex(/^\d{12}$/, 'account: 12 digits').optional(),
  /** infra/environments.ts: deletion protection and retention of the data stores, longer log retention. */
  production: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'production: true or false' })),
  /** infra/environments.ts: the alarms' email subscription (none: the topic has no subscriber yet). */
  alarmEmail: z.email().optional(),
  /** Who reads the contact form's messages (infra/aws/support.ts); defaults to alarmEmail. */
  supportEmail: z.email().optional(),
  /** infra/environments.ts: AWS Budgets monthly cost budget, USD. */
  monthlyBudgetUsd: z.coerce.number().positive('monthlyBudgetUsd: a positive amount of USD'),
  /** Cognito hosted domain prefix, globally unique per region (no "aws", "amazon" or "cognito"). */
  domainPrefix: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'domainPrefix: lowercase letters, digits and dashes').optional(),
  /** Custom site domain (e.g. app.mentora.es) and its ACM certificate, which must live in us-east-1. */
  siteDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'siteDomain: a host name such as app.example.com').optional(),
  certificateArn: z.string().startsWith('arn:aws').optional(),
  /**
   * The API's own custom domain: an ACM certificate for siteDomain in the STACK's region (regional
   * API Gateway custom domain). With it the HTTP API's default execute-api endpoint is disabled and
   * CloudFront (with the WAF) is the only way in. Defaults to certificateArn when the region is us-east-1.
   */
  apiCertificateArn: z.string().startsWith('arn:aws').optional(),
  /** Emergency only (docs/operations.md): `enabled` turns the execute-api endpoint back on at the next deploy. */
  executeApiEndpoint: z.enum(['enabled', 'disabled']).default('disabled'),
  /**
   * The origin secret's version CloudFront sends (docs/operations.md "Rotating the origin secret"):
   * naming the new version changes the template, so the deploy updates the distribution.
   */
  originSecretVersionId: z.string().regex(/^[A-Za-z0-9-]{32,64}$/, 'originSecretVersionId: a Secrets Manager VersionId').optional(),
  googleClientId: name.optional(),
  googleSecretName: name.optional(),
  microsoftClientId: name.optional(),
  microsoftTenantId: name.optional(),
  microsoftSecretName: name.optional(),
  /** Bedrock model or inference-profile ids; default: lambdas/shared/ai/models.ts DEFAULT_MODEL_IDS. */
  modelFastId: name.optional(),
  modelStrongId: name.optional(),
  /** The blind question verifier: a model of another family than modelStrongId (synth refuses the same family). */
  modelVerifierId: name.optional(),
  /** Optional SES identity for the verification emails (Cognito's own sender allows few emails a day). */
  sesFromEmail: z.email().optional(),
});

export type MentoraContext = z.output<typeof contextSchema>;

export interface SocialProviderContext {
  google?: { clientId: string; secretName: string };
  microsoft?: { clientId: string; tenantId: string; secretName: string };
}

/** The keys above, read from a construct's context; throws a readable error on invalid values. */
export function readContext(get: (key: string) => unknown, defaultRegion = process.env.CDK_DEFAULT_REGION): MentoraContext {
  const given = Object.fromEntries(Object.keys(contextSchema.shape).map((k) => [k, get(k)]));
  // `-c key=` on the command line arrives as an empty string: treat it as absent.
  for (const [k, v] of Object.entries(given)) if (v === '' || v === null || v === undefined) delete given[k];
  const stage = typeof given.stage === 'string' ? given.stage : 'dev';
  const settings = Object.hasOwn(ENVIRONMENTS, stage) ? ENVIRONMENTS[stage] : { ...DEFAULT_ENVIRONMENT, region: defaultRegion };
  const raw: Record<string, unknown> = { ...settings, ...given };
  if (raw.region === undefined) delete raw.region;
  const parsed = contextSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid CDK context: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const ctx = parsed.data;
  if (Boolean(ctx.siteDomain) !== Boolean(ctx.certificateArn)) {
    throw new Error('Invalid CDK context: siteDomain and certificateArn go together');
  }
  if (ctx.apiCertificateArn && !ctx.siteDomain) throw new Error('Invalid CDK context: apiCertificateArn is a certificate for siteDomain; give siteDomain too');
  // Production without the API's custom domain would keep execute-api open around CloudFront and its
  // WAF (issue 20 item 6); only an explicit emergency `-c executeApiEndpoint=enabled` may deploy that.
  if (ctx.production && !apiCustomDomain(ctx) && given.executeApiEndpoint !== 'enabled') {
    throw new Error(
      'Invalid CDK context: production needs the API behind CloudFront only: give siteDomain, certificateArn (us-east-1) and, outside us-east-1, apiCertificateArn (a certificate for siteDomain in the stack\'s region); in an emergency only, -c executeApiEndpoint=enabled deploys without them (docs/operations.md)',
    );
  }
  return ctx;
}

/** A provider is configured only when all of its keys are present; the rest is reported as missing. */
export function socialProviders(ctx: MentoraContext): { providers: SocialProviderContext; missing: string[] } {
  const providers: SocialProviderContext = {};
  const missing: string[] = [];
  if (ctx.googleClientId && ctx.googleSecretName) {
    providers.google = { clientId: ctx.googleClientId, secretName: ctx.googleSecretName };
  } else missing.push('Google (googleClientId, googleSecretName)');
  if (ctx.microsoftClientId && ctx.microsoftTenantId && ctx.microsoftSecretName) {
    providers.microsoft = {
      clientId: ctx.microsoftClientId,
      tenantId: ctx.microsoftTenantId,
      secretName: ctx.microsoftSecretName,
    };
  } else missing.push('Microsoft (microsoftClientId, microsoftTenantId, microsoftSecretName)');
  return { providers, missing };
}

/**
 * The API's custom domain (infra/aws/api.ts): the site's host with a certificate in the stack's
 * region, `apiCertificateArn`, or the CloudFront certificate itself when the stack is in us-east-1.
 */
export function apiCustomDomain(ctx: MentoraContext): { domainName: string; certificateArn: string } | undefined {
  const certificateArn = ctx.apiCertificateArn ?? (ctx.region === 'us-east-1' ? ctx.certificateArn : undefined);
  return ctx.siteDomain && certificateArn ? { domainName: ctx.siteDomain, certificateArn } : undefined;
}
