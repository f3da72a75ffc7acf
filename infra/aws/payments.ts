import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface PaymentsProps {
  production: boolean;
  /** An existing secret's full ARN (context `stripeSecretArn`); omitted = the stack creates an empty one to fill. */
  existingSecretArn?: string;
  /** Stripe Price ids of premium (context `stripePriceMonthly`, `stripePriceYearly`). */
  priceMonthly?: string;
  priceYearly?: string;
  /** The site's origin, where Checkout returns (lazy: the distribution exists later). */
  siteOrigin: string;
}

/** What the payments Lambda is wired with (infra/aws/api-functions.ts). */
export interface PaymentsResources {
  /** JSON `{"secretKey":"sk_...","webhookSecret":"whsec_..."}`: read by the Lambda at cold start, by ARN. */
  secret: secrets.ISecret;
  priceMonthly: string;
  priceYearly: string;
  siteOrigin: string;
}

/**
 * Stripe's keys live in one Secrets Manager secret that the template names but never fills:
 * the operator puts the values in after deploying (docs/payments.md). Nothing secret reaches
 * the template, the Lambda's environment or the SPA.
 */
export class Payments extends Construct {
  readonly resources: PaymentsResources;

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);
    let secret: secrets.ISecret;
    if (props.existingSecretArn) {
      secret = secrets.Secret.fromSecretCompleteArn(this, 'StripeSecret', props.existingSecretArn);
    } else {
      const created = new secrets.Secret(this, 'StripeSecret', {
        description: 'Mentora payments: {"secretKey":"sk_live_or_test_...","webhookSecret":"whsec_..."} (docs/payments.md)',
        removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      Validations.of(created).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: 'Stripe API keys and webhook secrets are rolled in the Stripe dashboard, not by a Secrets Manager rotation Lambda.',
      });
      secret = created;
    }
    this.resources = {
      secret,
      // A deploy without prices still works; upgrading answers a clear error until they are set.
      priceMonthly: props.priceMonthly ?? 'price_not_configured_monthly',
      priceYearly: props.priceYearly ?? 'price_not_configured_yearly',
      siteOrigin: props.siteOrigin,
    };
  }
}
