import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { contentSecurityPolicy, type SiteHeadersProps } from '../site-policy';

export type { SiteHeadersProps } from '../site-policy';

/** Pages only their link's holders should reach: a shared course (issue 25), an aula invitation. */
export const NOINDEX_PATHS = ['/compartido/*', '/aulas/unirse/*'];

/** Security headers on every response CloudFront serves, SPA and API alike. */
export class SiteHeaders extends Construct {
  readonly policy: cloudfront.ResponseHeadersPolicy;
  /** The same headers plus `X-Robots-Tag: noindex, nofollow`, for NOINDEX_PATHS' HTML. */
  readonly noindexPolicy: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SiteHeadersProps) {
    super(scope, id);
    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props), override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        preload: false,
        override: true,
      },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    };
    this.policy = new cloudfront.ResponseHeadersPolicy(this, 'Policy', { comment: 'Mentora security headers', securityHeadersBehavior });
    this.noindexPolicy = new cloudfront.ResponseHeadersPolicy(this, 'NoindexPolicy', {
      comment: 'Mentora security headers, not indexed',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: 'X-Robots-Tag', value: 'noindex, nofollow', override: true }] },
    });
  }
}
