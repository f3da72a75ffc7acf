import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';

export interface SiteHeadersProps {
  /** Cognito Hosted UI host (no scheme): Amplify's token exchange calls it from the page. */
  hostedDomain: string;
  region: string;
  /**
   * The private bucket's regional address: the page posts uploads to it (the presigned POST, issue 24), fetches
   * narration marks from it and plays narrated audio from it in an <audio> (presigned GETs, issue 26).
   */
  bucketOrigins?: string[];
}

/** The Content-Security-Policy of the SPA: same origin for everything but Cognito's endpoints. */
export function contentSecurityPolicy({ hostedDomain, region, bucketOrigins = [] }: SiteHeadersProps): string {
  const cognito = `https://${hostedDomain} https://cognito-idp.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[cognito, ...bucketOrigins].join(' ')}`,
    // Without it <audio> falls back to default-src 'self' and refuses the bucket's presigned audio.
    `media-src 'self' ${bucketOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' https://${hostedDomain}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

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
