// What bounds the registrations (docs/lti.md "How many registrations"). Each registration puts a key in the frame
// store, CloudFront's KeyValueStore (5 MB in all, docs/lti.md), so nothing may make them without end:
// - an account holds at most MAX_PER_ACCOUNT (counted in the registration's own transaction);
// - Dynamic Registration is public, and a wildcard domain has endless hosts: a registrable domain holds at most
//   MAX_UNPROVEN_PER_DOMAIN that no launch has proven yet;
// - a registration no launch proves within UNPROVEN_DAYS expires: deleted, its counts given back, its frame key
//   withdrawn (registration-expiry.ts).
// The registrable domain itself is registrable-domain.ts's (the Public Suffix List, read only by Dynamic Registration).

/** A school registers its LMS once, perhaps with a test or beta copy: ten leaves room for a district's few LMSs. */
export const MAX_PER_ACCOUNT = 10;
/** A school's LMS registers itself once; a few more cover an administrator's retries (each gets a new client id). */
export const MAX_UNPROVEN_PER_DOMAIN = 5;
/**
 * Long enough for a school to finish its setup (Canvas: an operator hands over the dynamic registration, then the
 * deployment is added), short enough that a flood's keys leave the frame store within two weeks.
 */
export const UNPROVEN_DAYS = 14;

/**
 * How long a Dynamic Registration holds its place in the domain's count while it posts to the platform and stores
 * the answer: far beyond the lti Lambda's timeout (10 s), so only a reservation whose Lambda died is ever stale
 * (the sweep gives it back, registration-expiry.ts).
 */
export const RESERVATION_SECONDS = 300;

const DAY_MS = 24 * 3600 * 1000;
export const expiryFrom = (now: Date) => new Date(now.getTime() + UNPROVEN_DAYS * DAY_MS).toISOString();
