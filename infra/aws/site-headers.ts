import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { contentSecurityPolicy, type SiteHeadersProps } from '../site-policy';

export type { SiteHeadersProps } from '../site-policy';

/** Pages only their link's holders should reach: a shared course (issue 25), an aula invitation. */
export const NOINDEX_PATHS = ['/compartido/*', '/aulas/unirse/*'];

/**
 * The routes an LMS may frame (docs/lti.md "Inside the LMS's iframe"), under the API's stage: the launch, the login
 * (its platform-storage page), Dynamic Registration's window (its close page) and Deep Linking's answer (the page
 * that posts the teacher's choice to the LMS: inside the LMS's dialog when the picker ran there, and its form to the
 * platform, which the site's `form-action 'self'` forbids). Each answer names its own frame-ancestors and form-action.
 */
export const LTI_FRAMED_PATHS = ['/lti/launch', '/lti/login', '/lti/registro', '/lti/seleccion'];
export { LTI_ENTRY_PATH, LTI_FRAMED_SPA_PATHS } from '../lti-frame-function';

/** Security headers on every response CloudFront serves, SPA and API alike. */
export class SiteHeaders extends Construct {
  readonly policy: cloudfront.ResponseHeadersPolicy;
  /** The same headers plus `X-Robots-Tag: noindex, nofollow`, for NOINDEX_PATHS' HTML. */
  readonly noindexPolicy: cloudfront.ResponseHeadersPolicy;
  /**
   * The LTI launch's answer (LTI_FRAMED_PATHS): an LMS shows it in its iframe, so no X-Frame-Options, and the
   * Lambda's own Content-Security-Policy stands (frame-ancestors: that registration's platform only,
   * lambdas/lti/frame-page.ts); the site's policy, frame-ancestors 'none', only where the Lambda sent none.
   */
  readonly ltiLaunchPolicy: cloudfront.ResponseHeadersPolicy;

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
    const { frameOptions: _deny, ...framable } = securityHeadersBehavior;
    this.ltiLaunchPolicy = new cloudfront.ResponseHeadersPolicy(this, 'LtiLaunchPolicy', {
      comment: 'Mentora security headers, framable by the LTI platform the answer names',
      securityHeadersBehavior: { ...framable, contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props), override: false } },
    });
    this.noindexPolicy = new cloudfront.ResponseHeadersPolicy(this, 'NoindexPolicy', {
      comment: 'Mentora security headers, not indexed',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: 'X-Robots-Tag', value: 'noindex, nofollow', override: true }] },
    });
  }
}
