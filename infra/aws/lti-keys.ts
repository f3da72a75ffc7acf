import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The LTI tool's signing keys (issue 45, docs/lti.md "Keys"): one Secrets Manager secret that the template
 * names but never fills. The operator puts `{"keys":[<private RSA JWK with a kid>, …]}` in it after deploying
 * (`npx tsx scripts/lti-key.ts` prints one); the lti Lambda reads it by ARN and publishes the public halves at
 * /api/lti/jwks. No key reaches the template, the Lambda's environment or the SPA.
 */
export class LtiKeys extends Construct {
  readonly secret: secrets.ISecret;

  constructor(scope: Construct, id: string, props: { production: boolean }) {
    super(scope, id);
    const created = new secrets.Secret(this, 'Secret', {
      description: 'Mentora LTI tool keys: {"keys":[private RSA JWK with kid, ...]}, the first signs (docs/lti.md "Keys")',
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(created).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'An LTI key is rotated by adding a new JWK first and removing the old one once platforms have refetched the JWKS (docs/lti.md "Keys"), not by a rotation Lambda.',
    });
    this.secret = created;
  }
}
