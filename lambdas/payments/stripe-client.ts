import type Stripe from 'stripe';
import * as z from 'zod';
import { secretsManagerStripeSecrets } from './secrets';

/** The settings a function needs to call Stripe (the payments group; users, for account closure). */
export const stripeSettings = {
  STRIPE_SECRET_ARN: z.string().min(1),
  // Only the local stack sets these (its Stripe stand-in); unset on AWS means api.stripe.com. The
  // stripe package reads no environment variable for its host: they reach it as client options.
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
};

/**
 * Pinned, so an upgrade of the `stripe` package never changes the shape of the objects Stripe sends
 * us unnoticed: it must equal the installed package's own version (test/unit/payments/stripe-client.test.ts),
 * whose types describe those objects. Bumping the package means reading Stripe's changelog first.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/**
 * Every Stripe call is bounded by this (the SDK's `timeout`, per request): four calls in a row (what
 * a webhook event usually makes) stay within the payments function's 29 s timeout, itself below
 * the HTTP API's 30 s cut (infra/function-limits.ts, docs/payments.md "Timeouts").
 */
export const STRIPE_CALL_BUDGET_MS = 6000;

/**
 * No retries inside a call, on purpose: a retry would double a call's worst case (6 s + 0.5 s + 6 s)
 * and break the arithmetic above. What a retry would cover is redone a level up instead, safely:
 * Stripe delivers a failed webhook again and the learner clicks again, and every create carries an
 * idempotency key derived from its purpose (stripe-gateway.ts). The SDK still retries, once, a
 * keep-alive socket found closed (ECONNRESET/EPIPE, what a frozen Lambda's socket gives on thaw),
 * with an idempotency key on every POST, since that request usually never reached Stripe.
 */
export const STRIPE_MAX_NETWORK_RETRIES = 0;

type Settings = z.infer<z.ZodObject<typeof stripeSettings>>;

/** Stripe's own client with Mentora's settings. */
export function createStripe(StripeClass: typeof Stripe, secretKey: string, config: Omit<Settings, 'STRIPE_SECRET_ARN'>): Stripe {
  return new StripeClass(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    timeout: STRIPE_CALL_BUDGET_MS,
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    // Latency reports of earlier requests in a header: nothing we need to send.
    telemetry: false,
  });
}

/**
 * The Stripe client, keys read from Secrets Manager on first use; a failed read is tried again.
 * The `stripe` package (every resource of the API, ~400 KB minified) is imported on that first
 * use too: the bundle carries it parsed but not evaluated, so routes that never call Stripe (the
 * plan's usage, a profile change in the users function) do not pay for it at a cold start.
 */
export function stripeClient(config: Settings) {
  const secrets = secretsManagerStripeSecrets(config.STRIPE_SECRET_ARN);
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= Promise.all([import('stripe'), secrets()])
      .then(([{ default: StripeClass }, { secretKey }]) => createStripe(StripeClass, secretKey, config))
      .catch((error) => {
        client = undefined;
        throw error;
      }));
  return { stripe, secrets };
}
