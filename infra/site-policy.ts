// The SPA's Content-Security-Policy, written once for both places the SPA is served: CloudFront's response
// headers policy (infra/aws/site-headers.ts) and the local stack's `dist` web server (infra/local/web-server.ts),
// so a page that would break under the policy on AWS (an <audio> from the bucket, a fetch to a new origin)
// breaks in the end-to-end tests first. Neither aws/ nor local/, so both may import it.

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
    // Without it <audio> falls back to default-src 'self' and refuses the bucket's presigned audio. `blob:`: a
    // lesson's audio downloaded for offline study plays from its bytes, an object URL made by the page (issue 44).
    `media-src 'self' ${[...bucketOrigins, 'blob:'].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' https://${hostedDomain}`,
    "frame-ancestors 'none'",
  ].join('; ');
}
