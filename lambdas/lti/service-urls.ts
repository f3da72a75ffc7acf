import type { JWTPayload } from 'jose';
import { agsClaim, AGS_SCOPE, CLAIM, nrpsClaim } from './claims';
import type { PlatformItem } from './lti-items';

// The service endpoints a verified launch names (AGS 2.0 §3.1, NRPS 2.0 §3.6.1). Mentora later sends the
// platform's access token to them as a bearer, so an address that is not the platform's own would hand that
// token to someone else. The claim is signed by the platform's key, so the check is against a platform that
// names a wrong address (a misconfigured proxy, an http: URL), not a forger: each URL must use an allowed
// scheme (https: on AWS), carry no user:password, and be on the platform's own site: the host of one of its
// registered addresses, or under the parent domain of its issuer (Canvas's issuer is
// canvas.instructure.com, its course services school.instructure.com). A URL that fails is dropped (the
// launch still lands; that link's grades are not sent, docs/lti.md "Grades").

export interface AgsEndpoint {
  /** The line item of this resource link (the gradebook column scores go to), when the platform made one. */
  lineitem?: string;
  lineitems?: string;
  scope: string[];
}

const parse = (url: string) => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/** The issuer's site: its host without the first label when it has three or more (an IP or a two-label host stays whole). */
const siteOf = (host: string) => {
  const labels = host.split('.');
  return /^\d+(\.\d+){3}$/.test(host) || labels.length < 3 ? host : labels.slice(1).join('.');
};

export function onPlatformSite(url: string, platform: Pick<PlatformItem, 'issuer' | 'authUrl' | 'jwksUrl' | 'tokenUrl'>, schemes: readonly string[]): boolean {
  const u = parse(url);
  if (!u || !schemes.includes(u.protocol) || u.username || u.password) return false;
  const known = [platform.issuer, platform.authUrl, platform.jwksUrl, platform.tokenUrl].map((a) => (a ? parse(a)?.hostname : undefined)).filter(Boolean);
  if (known.includes(u.hostname)) return true;
  const issuerHost = parse(platform.issuer)?.hostname;
  if (!issuerHost) return false;
  const site = siteOf(issuerHost);
  return site !== issuerHost && (u.hostname === site || u.hostname.endsWith(`.${site}`));
}

/**
 * The launch's AGS endpoint, its URLs checked; undefined when absent, malformed, without the score scope or off the
 * platform's site. A link without its own `lineitem` is kept when the platform lets Mentora manage line items (the
 * `lineitem` scope and the `lineitems` container): the score job finds or makes the link's column (ags-lineitems.ts).
 */
export function agsOf(payload: JWTPayload, platform: PlatformItem, schemes: readonly string[]): AgsEndpoint | undefined {
  const parsed = agsClaim.safeParse(payload[CLAIM.ags]);
  if (!parsed.success || !parsed.data.scope.includes(AGS_SCOPE.score)) return undefined;
  const { lineitem, lineitems, scope } = parsed.data;
  const container = lineitems && onPlatformSite(lineitems, platform, schemes) ? lineitems : undefined;
  if (lineitem) return onPlatformSite(lineitem, platform, schemes) ? { lineitem, ...(container && { lineitems: container }), scope } : undefined;
  return container && scope.includes(AGS_SCOPE.lineItem) ? { lineitems: container, scope } : undefined;
}

/** The launch's context membership URL (NRPS), checked as above. */
export function nrpsOf(payload: JWTPayload, platform: PlatformItem, schemes: readonly string[]): string | undefined {
  const parsed = nrpsClaim.safeParse(payload[CLAIM.nrps]);
  return parsed.success && onPlatformSite(parsed.data.context_memberships_url, platform, schemes) ? parsed.data.context_memberships_url : undefined;
}
