import { localSecretArn, startSecretsManager } from './secrets-manager';
import { startStripeStandIn } from './stripe';

export const LOCAL_STRIPE_SECRET_NAME = 'mentora/local/stripe';

/**
 * Payments on loopback: the Stripe stand-in and the Secrets Manager stand-in holding its keys.
 * `envFor(siteUrl)` answers what the payments Lambda gets, and points webhooks at the site's API.
 */
export async function startLocalPayments(opts: { file?: string; otherSecrets?: Record<string, string> }) {
  let site: string | undefined;
  const stripe = await startStripeStandIn({
    file: opts.file,
    // Loopback by address: `localhost` may resolve to ::1, where the gateway does not listen.
    webhookUrl: () => site && `${site.replace('//localhost:', '//127.0.0.1:')}/api/payments/webhook`,
  });
  const secrets = await startSecretsManager({ ...opts.otherSecrets, [LOCAL_STRIPE_SECRET_NAME]: stripe.secret }).catch(async (error) => {
    await stripe.close();
    throw error;
  });
  return {
    stripeUrl: stripe.url,
    envFor(siteUrl: string): Record<string, string> {
      site = siteUrl;
      return {
        ...stripe.env,
        AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.url,
        STRIPE_SECRET_ARN: localSecretArn(LOCAL_STRIPE_SECRET_NAME),
        SITE_URL: siteUrl,
      };
    },
    async close() {
      await Promise.all([stripe.close(), secrets.close()]);
    },
  };
}
