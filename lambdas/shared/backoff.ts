// A pause before trying a refused conditional write (or a held transaction) again. "Full jitter" (AWS
// Architecture Blog, "Exponential Backoff And Jitter", 2015): a uniformly random wait up to
// min(cap, base · 2^attempt), so writers that collided once do not collide again in lockstep.

/** Waits a random time in [0, min(capMs, baseMs · 2^attempt)) milliseconds. */
export const backoffPause = (attempt: number, baseMs: number, capMs = Infinity): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(capMs, baseMs * 2 ** attempt)));
