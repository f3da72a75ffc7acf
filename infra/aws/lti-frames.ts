import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/**
 * The registrations' frame origins (docs/lti.md "Inside the LMS's iframe"): a CloudFront KeyValueStore the lti
 * Lambda fills when a platform is registered (lambdas/lti/frame-store.ts) and CloudFront's function for
 * /lti/entrar reads (infra/lti-frame-function.ts, web-hosting.ts).
 */
export class LtiFrames extends Construct {
  readonly store: cloudfront.KeyValueStore;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.store = new cloudfront.KeyValueStore(this, 'Store', { comment: 'Mentora: LTI platforms allowed to frame /lti/entrar' });
  }
}

/** The lti Lambda writes one key per registration: the store's ETag, then the key, or its deletion (no reads). */
export function grantFramePublish(role: iam.IGrantable, store: cloudfront.IKeyValueStore) {
  role.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({
    actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey', 'cloudfront-keyvaluestore:DeleteKey'],
    resources: [store.keyValueStoreArn],
  }));
}
