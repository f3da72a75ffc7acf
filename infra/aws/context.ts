import { z } from 'zod';

// Everything an operator chooses per deployment comes from CDK context (`cdk.json` or `-c key=value`),
// validated here once so a typo fails the synth with a clear message instead of a broken deploy.
// docs/deploy.md lists every key.

const name = z.string().trim().min(1);

const contextSchema = z.object({
  /** `prod` turns on deletion protection and retention of the data stores. */
  stage: z.string().regex(/^[a-z][a-z0-9-]{0,15}$/, 'stage: lowercase letters, digits and dashes').default('dev'),
  /** Cognito hosted domain prefix, globally unique per region (no "aws", "amazon" or "cognito"). */
  domainPrefix: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'domainPrefix: lowercase letters, digits and dashes').optional(),
  /** Custom site domain (e.g. app.mentora.es) and its ACM certificate, which must live in us-east-1. */
  siteDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'siteDomain: a host name such as app.example.com').optional(),
  certificateArn: z.string().startsWith('arn:aws').optional(),
  googleClientId: name.optional(),
  googleSecretName: name.optional(),
  microsoftClientId: name.optional(),
  microsoftTenantId: name.optional(),
  microsoftSecretName: name.optional(),
  /** Bedrock model or inference-profile ids; default: lambdas/shared/ai/models.ts DEFAULT_MODEL_IDS. */
  modelFastId: name.optional(),
  modelStrongId: name.optional(),
  /** Optional SES identity for the verification emails (Cognito's own sender allows few emails a day). */
  sesFromEmail: z.email().optional(),
});

export type MentoraContext = z.output<typeof contextSchema>;

export interface SocialProviderContext {
  google?: { clientId: string; secretName: string };
  microsoft?: { clientId: string; tenantId: string; secretName: string };
}

/** The keys above, read from a construct's context; throws a readable error on invalid values. */
export function readContext(get: (key: string) => unknown): MentoraContext {
  const raw = Object.fromEntries(Object.keys(contextSchema.shape).map((k) => [k, get(k)]));
  // `-c key=` on the command line arrives as an empty string: treat it as absent.
  for (const [k, v] of Object.entries(raw)) if (v === '' || v === null) delete raw[k];
  const parsed = contextSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid CDK context: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const ctx = parsed.data;
  if (Boolean(ctx.siteDomain) !== Boolean(ctx.certificateArn)) {
    throw new Error('Invalid CDK context: siteDomain and certificateArn go together');
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
