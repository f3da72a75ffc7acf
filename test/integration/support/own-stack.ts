import { spawnStack, type SpawnedStack } from '../../support/spawn-stack';

// A local stack of this test file's own, for tests that move its clock: the shared stack's clock
// must stay put while other files count quotas and sign webhooks in parallel.

/** Starts a stack for the file's tests (beforeAll) and points `call`, `signUp`… at it. */
export function useOwnStack() {
  let stack: SpawnedStack | undefined;
  beforeAll(async () => {
    stack = await spawnStack({ port: 0, web: 'none' });
    process.env.MENTORA_URL = stack.url;
    process.env.MENTORA_STACK_ENV = JSON.stringify(stack.env);
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
  });
}

export interface StackClock {
  now: string;
  offsetMs: number;
}

const clockUrl = () => `${process.env.MENTORA_URL}/__local/clock`;

/** The stack's "now", as its handlers and its Stripe stand-in read it. */
export async function stackNow(): Promise<Date> {
  const clock = (await (await fetch(clockUrl())).json()) as StackClock;
  return new Date(clock.now);
}

/** Moves the stack's clock forward by `ms`; answers the new "now". */
export async function advanceClock(ms: number): Promise<Date> {
  const res = await fetch(clockUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  if (res.status !== 200) throw new Error(`/__local/clock answered ${res.status}`);
  return new Date(((await res.json()) as StackClock).now);
}

/** Moves the stack's clock to just past `instant` (an ISO time), never backwards. */
export async function advanceClockPast(instant: string, marginMs = 1000): Promise<Date> {
  return advanceClock(Math.max(0, Date.parse(instant) - (await stackNow()).getTime()) + marginMs);
}

export const nextUtcMidnight = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
export const nextUtcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
