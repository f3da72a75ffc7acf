import { getDomain } from 'tldts';

// A Dynamic Registration's registrable domain (registration-bounds.ts: at most MAX_UNPROVEN_PER_DOMAIN unproven
// registrations each), by the Public Suffix List. A file of its own, imported by dynamic-registration.ts when a
// platform registers: tldts carries the list (about 160 KB minified), which the launches' cold start never reads.

/**
 * Hosted LMSs whose hosts are the vendor's, one per school (`<school>.instructure.com`): nobody else makes hosts
 * there, so each school's host is its own domain here (otherwise every Canvas school would share one bound).
 */
const VENDOR_DOMAINS = ['instructure.com'];

/**
 * The domain a Dynamic Registration's configuration URL counts against: its registrable domain by the Public Suffix
 * List (`tldts`, private suffixes included: `a.github.io` and `b.github.io` are two owners), so that
 * `x1.atacante.example`, `x2.atacante.example`… share one bound. A vendor's school host is its own; an address with
 * no registrable domain (an IP address, a single-label host: a developer's machine) counts by its origin.
 */
export function registrableDomain(address: string): string {
  const url = new URL(address);
  const domain = getDomain(url.hostname, { allowPrivateDomains: true });
  if (!domain) return url.origin;
  return VENDOR_DOMAINS.includes(domain) ? url.hostname : domain;
}
