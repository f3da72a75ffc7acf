// The server's "now", as a port: which UTC day and month a quota counts, how old a Stripe webhook
// signature is. On AWS it is the system clock. Whatever hosts the handlers may install another
// before (or while) they run — the local stack installs one that tests can move forward, so a
// quota crosses midnight or a month without anyone waiting. Handlers only ever read `clock.now()`.

export interface Clock {
  readonly now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

let current: Clock = systemClock;

/** What every handler reads. */
export const clock: Clock = { now: () => current.now() };

/** For hosts (the local stack), never for handlers: every later `clock.now()` answers from `next`. */
export function installClock(next: Clock): void {
  current = next;
}
