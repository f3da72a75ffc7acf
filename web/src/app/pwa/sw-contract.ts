// What the page and the service worker (web/src/sw.ts) agree on. No imports: both bundles read it.

/** The message the page sends to the waiting worker when the learner presses "Actualizar". */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * Same-origin paths that are the server's, not the SPA's: a navigation to them is never answered with the
 * cached shell. `/api/` is the API (CloudFront behaviour and the local gateway), `/__local/` the local
 * stack's controls and pages (mail, Stripe stand-in).
 */
export const NOT_THE_SHELL = [/^\/api(\/|$)/, /^\/__local(\/|$)/];
