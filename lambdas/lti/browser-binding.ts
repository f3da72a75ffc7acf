import { sha256 } from './lti-items';

// The login initiation and the launch must happen in the same browser (OIDC's state, bound to it): the
// login sets a cookie named after the state, the launch must bring it back. SameSite=None because the
// launch is the platform's cross-site form post; Partitioned (CHIPS) so a browser that blocks third-party
// cookies in the LMS's iframe can still keep it for that embedding. A browser that keeps none at all
// (Safari in an iframe) needs the platform's storage instead: docs/lti.md "Not done yet".

export const BINDING_MAX_AGE_S = 600;

export const bindingCookieName = (state: string) => `__Host-lti-${sha256(state).slice(0, 16)}`;

export const bindingCookie = (name: string, value: string, maxAge = BINDING_MAX_AGE_S) =>
  `${name}=${value}; Path=/; Max-Age=${maxAge}; Secure; HttpOnly; SameSite=None; Partitioned`;

/** A cookie's value from API Gateway's `cookies` (payload 2.0) or a `cookie` header. */
export function cookieValue(cookies: readonly string[] | undefined, header: string | undefined, name: string): string | undefined {
  const all = [...(cookies ?? []), ...(header ?? '').split(';')];
  for (const pair of all) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The launch's ticket is bound to the browser it landed in, as the login was: a cookie per ticket, sent back by
 * the SPA's same-origin calls (SameSite=Lax: set by the platform's top-level form post, read first-party). A
 * ticket carried to another browser (a link someone was sent) signs nobody in and links nothing.
 */
export const entryCookieName = (ticket: string) => `__Host-ltie-${sha256(ticket).slice(0, 16)}`;
export const entryCookie = (name: string, value: string, maxAge: number) => `${name}=${value}; Path=/; Max-Age=${maxAge}; Secure; HttpOnly; SameSite=Lax`;

/**
 * Deep Linking's picker (picker.ts) is bound the same way: its ticket works only with this cookie, set by the
 * sign-in that opened it and sent back by the picker's same-origin calls and its form post (SameSite=Strict:
 * nothing cross-site ever needs it).
 */
export const pickCookieName = (ticket: string) => `__Host-ltid-${sha256(ticket).slice(0, 16)}`;
export const pickCookie = (name: string, value: string, maxAge: number) => `${name}=${value}; Path=/; Max-Age=${maxAge}; Secure; HttpOnly; SameSite=Strict`;
