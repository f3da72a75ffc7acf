import type { PlatformState } from './lti-items';

// Whose keys a manual registration trusts (docs/lti.md "Who can register a platform"). A launch is only as
// genuine as the key set its registration names: anyone who registers a real LMS's issuer with a key set of
// their own can sign launches "from" that LMS. So a registration is usable at once only when its key set is
// the issuer's own: served from the issuer's origin (Moodle's /mod/lti/certs.php, Brightspace's
// /d2l/.well-known/jwks, a self-hosted Canvas's /api/lti/security/jwks), or, for a hosted LMS whose issuer is
// shared by all its schools and whose keys live elsewhere, the address that LMS documents. Anything else may be
// genuine too (an LMS behind a separate key host), but only an operator can tell: it waits, 'pendiente', and
// its launches are refused until approved (docs/operations.md).

/** Hosted LMSs whose issuer is not where their keys are: the key sets they document, by issuer. */
export const HOSTED_KEY_SETS: Readonly<Record<string, string>> = {
  // Canvas Cloud (Instructure's LTI 1.3 documentation): production, beta and test environments.
  'https://canvas.instructure.com': 'https://sso.canvaslms.com/api/lti/security/jwks',
  'https://canvas.beta.instructure.com': 'https://sso.beta.canvaslms.com/api/lti/security/jwks',
  'https://canvas.test.instructure.com': 'https://sso.test.canvaslms.com/api/lti/security/jwks',
};

/**
 * Canvas Cloud's Dynamic Registration: its configuration is served by the school's own host
 * (`https://<school>.instructure.com/api/lti/security/openid-configuration`), while its issuer is the shared one.
 * Instructure makes those hosts, one label under its domain per environment.
 */
const HOSTED_CONFIGURATION_HOSTS: Readonly<Record<string, RegExp>> = {
  'https://canvas.instructure.com': /^[a-z0-9-]+\.instructure\.com$/,
  'https://canvas.beta.instructure.com': /^[a-z0-9-]+\.beta\.instructure\.com$/,
  'https://canvas.test.instructure.com': /^[a-z0-9-]+\.test\.instructure\.com$/,
};

const parse = (url: string) => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/** True when the key set is provably the issuer's: on its origin, or the one its hosted LMS documents. */
export function keysAreIssuers(issuer: string, jwksUrl: string): boolean {
  const iss = parse(issuer);
  const jwks = parse(jwksUrl);
  if (!iss || !jwks || jwks.username || jwks.password) return false;
  return jwks.origin === iss.origin || jwks.toString() === HOSTED_KEY_SETS[iss.origin];
}

export const stateFor = (issuer: string, jwksUrl: string): PlatformState => (keysAreIssuers(issuer, jwksUrl) ? 'activa' : 'pendiente');

/** A registration made before states existed has none: it was accepted as it is. */
export const isActive = (p: { estado?: PlatformState }) => p.estado !== 'pendiente';

/**
 * A configuration served from `configUrl` may speak for a hosted LMS's shared issuer only from that LMS's own hosts
 * (https, the host shape it documents) and only with a key set of that vendor's (the one it documents, or on that same
 * school host): so launches are still signed by the vendor's keys, whoever made the registration.
 */
export function speaksForHostedIssuer(issuer: string, configUrl: URL, jwksUrl: string): boolean {
  const iss = parse(issuer);
  const hosts = iss && HOSTED_CONFIGURATION_HOSTS[iss.origin];
  const keys = parse(jwksUrl);
  // The key set it documents, or one on the school's own Instructure host (a Canvas configuration may name either).
  const vendorKeys = keys?.toString() === HOSTED_KEY_SETS[iss?.origin ?? ''] || (keys?.origin === configUrl.origin && !keys.username && !keys.password);
  return Boolean(hosts && configUrl.protocol === 'https:' && !configUrl.port && hosts.test(configUrl.hostname) && vendorKeys);
}
