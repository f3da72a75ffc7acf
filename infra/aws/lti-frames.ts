import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/**
 * The registrations' frame origins (docs/lti.md "Inside the LMS's iframe"): a CloudFront KeyValueStore the lti
 * Lambda fills when a platform is registered (lambdas/lti/frame-store.ts) and CloudFront's function for
 * /lti/entrar reads (infra/lti-frame-function.ts, web-hosting.ts). The lti Lambda may DescribeKeyValueStore, PutKey and
 * DeleteKey on it only (api-functions.ts).
 */
export class LtiFrames extends Construct {
  readonly store: cloudfront.KeyValueStore;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.store = new cloudfront.KeyValueStore(this, 'Store', { comment: 'Mentora: LTI platforms allowed to frame /lti/entrar' });
  }
}

/** What a writer of the frame store may do there (the lti Lambda, the LTI queue's run): read its ETag, put and delete keys. */
export const grantFrameStore = (grantee: iam.IGrantable, store: cloudfront.IKeyValueStore) =>
  grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({
    actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey', 'cloudfront-keyvaluestore:DeleteKey'],
    resources: [store.keyValueStoreArn],
  }));
