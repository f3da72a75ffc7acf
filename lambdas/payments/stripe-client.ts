import * as z from 'zod';
import { secretsManagerStripeSecrets } from './secrets';
import { stripeRest, type StripeApi } from './stripe-rest';

/** The settings a function needs to call Stripe (the payments group; users, for account closure). */
export const stripeSettings = {
  STRIPE_SECRET_ARN: z.string().min(1),
  // Only the local stack sets these (its Stripe stand-in); unset on AWS means api.stripe.com.
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
};

/**
 * Every Stripe call, its retries included, is bounded by this: four calls in a row (what a webhook
 * event usually makes) stay within the payments function's 29 s timeout, itself below the HTTP
 * API's 30 s cut (infra/function-limits.ts, docs/payments.md "Timeouts" for the rarer longer paths).
 */
export const STRIPE_CALL_BUDGET_MS = 6000;

type Settings = z.infer<z.ZodObject<typeof stripeSettings>>;

/** The Stripe client, keys read from Secrets Manager on first use; a failed read is tried again. */
export function stripeClient(config: Settings) {
  const secrets = secretsManagerStripeSecrets(config.STRIPE_SECRET_ARN);
  let client: Promise<StripeApi> | undefined;
  const stripe = () =>
    (client ??= secrets()
      .then(({ secretKey }) =>
        stripeRest(secretKey, {
          host: config.STRIPE_API_HOST,
          port: config.STRIPE_API_PORT,
          protocol: config.STRIPE_API_PROTOCOL,
          maxNetworkRetries: 2,
          timeout: STRIPE_CALL_BUDGET_MS,
        }),
      )
      .catch((error) => {
        client = undefined;
        throw error;
      }));
  return { stripe, secrets };
}
