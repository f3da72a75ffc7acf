import type { LocalStackOptions } from '../../../infra/local/stack';
import { spawnStack, STACK_START_S, type SpawnedStack } from '../../support/spawn-stack';

// A local stack of this test file's own, for tests that move its clock: the shared stack's clock
// must stay put while other files count quotas and sign webhooks in parallel.

/**
 * Starts a stack for the file's (or the describe block's) tests in beforeAll and points `call`,
 * `signUp`… at it; afterAll stops it and points them back where they were. `options` reach the
 * stack as JSON, e.g. `{ pipeline: { faults: { malformed: 1 } } }` for a model that always fails.
 */
export function useOwnStack(options: LocalStackOptions = {}) {
  let stack: SpawnedStack | undefined;
  const before = { url: process.env.MENTORA_URL, env: process.env.MENTORA_STACK_ENV };
  beforeAll(async () => {
    Object.assign(before, { url: process.env.MENTORA_URL, env: process.env.MENTORA_STACK_ENV });
    stack = await spawnStack({ port: 0, web: 'none', ...options });
    process.env.MENTORA_URL = stack.url;
    process.env.MENTORA_STACK_ENV = JSON.stringify(stack.env);
  }, (STACK_START_S + 30) * 1000);
  afterAll(async () => {
    await stack?.stop();
    const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));
    restore('MENTORA_URL', before.url);
    restore('MENTORA_STACK_ENV', before.env);
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
