import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { contentSecurityPolicy, type SiteHeadersProps } from '../site-policy';

export type { SiteHeadersProps } from '../site-policy';

/** Pages only their link's holders should reach: a shared course (issue 25), an aula invitation. */
export const NOINDEX_PATHS = ['/compartido/*', '/aulas/unirse/*'];

/**
 * The routes an LMS may frame (docs/lti.md "Inside the LMS's iframe"), under the API's stage: the launch, the login
 * (its platform-storage page) and Dynamic Registration's window (its close page). Each answer names its frame-ancestors.
 */
export const LTI_FRAMED_PATHS = ['/lti/launch', '/lti/login', '/lti/registro'];
export { LTI_ENTRY_PATH } from '../lti-frame-function';
/**
 * Deep Linking's answer (docs/lti.md "Deep Linking"): the page that posts the teacher's choice to the LMS. Not
 * framed, but its own CSP must stand: it lets that page's one form go to the platform, which the site's
 * `form-action 'self'` forbids.
 */
export const LTI_RETURN_PATH = '/lti/seleccion';

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
  /** LTI_RETURN_PATH's answer: the site's headers (X-Frame-Options DENY included), the Lambda's CSP where it sent one. */
  readonly ltiReturnPolicy: cloudfront.ResponseHeadersPolicy;

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
    this.ltiReturnPolicy = new cloudfront.ResponseHeadersPolicy(this, 'LtiReturnPolicy', {
      comment: 'Mentora security headers, the answer\'s own CSP (LTI Deep Linking return)',
      securityHeadersBehavior: { ...securityHeadersBehavior, contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props), override: false } },
    });
    this.noindexPolicy = new cloudfront.ResponseHeadersPolicy(this, 'NoindexPolicy', {
      comment: 'Mentora security headers, not indexed',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: 'X-Robots-Tag', value: 'noindex, nofollow', override: true }] },
    });
  }
}
