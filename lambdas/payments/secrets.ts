import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';

/** What the Stripe secret in Secrets Manager holds (docs/payments.md shows how to set it). */
export const stripeSecretShape = z.object({
  secretKey: z.string().min(1),
  webhookSecret: z.string().min(1),
});
export type StripeSecrets = z.infer<typeof stripeSecretShape>;

/**
 * Reads the Stripe keys once per cold start from Secrets Manager. The endpoint comes from the SDK's
 * own AWS_ENDPOINT_URL_SECRETS_MANAGER (the loopback stand-in on the local stack), so this code
 * never asks where it runs; a failed read is not cached, so the next request tries again.
 */
export function secretsManagerStripeSecrets(secretArn: string, client?: SecretsManagerClient) {
  let pending: Promise<StripeSecrets> | undefined;
  return (): Promise<StripeSecrets> =>
    // The client is created on the first read, not at module load: routes that never touch Stripe
    // (the plan, the history) do not pay for it in their cold start.
    (pending ??= (client ??= new SecretsManagerClient({}))
      .send(new GetSecretValueCommand({ SecretId: secretArn }))
      .then((out) => stripeSecretShape.parse(JSON.parse(out.SecretString ?? '{}')))
      .catch((error) => {
        pending = undefined;
        throw error;
      }));
}
