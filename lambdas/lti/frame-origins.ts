import { sha256, type PlatformItem } from './lti-items';

// Who may frame the SPA's /lti/entrar (docs/lti.md "Inside the LMS's iframe"). A launch that finished inside the
// LMS's iframe sends the frame to /lti/entrar?marco=<key>; CloudFront's function for that path
// (infra/lti-frame-function.ts) reads the key in a KeyValueStore and answers `frame-ancestors` those origins, or
// `'none'` and X-Frame-Options DENY when the key is unknown. The registrations fill the store: a registration's
// key is derived from its issuer and client id, its value the origins of its own pages (issuer, authentication,
// course pages).

/** The query parameter /lti/entrar carries: the registration's key in the frame store. */
export const FRAME_PARAM = 'marco';

/** A registration's key in the store: 22 characters of the SHA-256 of its issuer and client id (URL-safe). */
export const frameKey = (issuer: string, clientId: string) => sha256(`${issuer}\n${clientId}`).slice(0, 22);

/**
 * The platform's own pages, which frame the tool: its issuer's and authentication endpoint's origins, and the course
 * pages' its registration names (Canvas Cloud: the school's host, where the course's iframe is).
 */
export function platformOrigins(platform: Pick<PlatformItem, 'issuer' | 'authUrl' | 'paginas'>): string[] {
  const origins: string[] = [];
  for (const url of [platform.issuer, platform.authUrl, ...(platform.paginas ?? [])]) {
    try {
      const origin = new URL(url).origin;
      if (origin !== 'null' && !origins.includes(origin)) origins.push(origin);
    } catch {
      // Not an address: frames nothing.
    }
  }
  return origins;
}

/** The registration's origins, space-separated as frame-ancestors takes them (a KeyValueStore value is at most 1 KB). */
export const frameOriginsOf = (platform: Pick<PlatformItem, 'issuer' | 'authUrl' | 'paginas'>) => platformOrigins(platform).join(' ');
