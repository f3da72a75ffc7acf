import { clock } from '../../../../lambdas/shared/clock';

// A handler for test/unit/local/lambda-sandbox.test.ts, run inside a forked sandbox: it answers what it
// sees, exhausts its heap, or outlives its timeout, as told.

let invocations = 0;

export async function handler(event: { kind: 'see' | 'oom' | 'hang' | 'throw'; reply: string }, context: { getRemainingTimeInMillis(): number }) {
  invocations += 1;
  if (event.kind === 'oom') {
    const hoard: string[] = [];
    for (;;) hoard.push(`${Math.random()}`.repeat(100));
  }
  if (event.kind === 'hang') await new Promise(() => undefined);
  if (event.kind === 'throw') throw Object.assign(new Error('documento dañado'), { name: 'ExtractionRefused' });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(event.reply, JSON.stringify({ pid: process.pid, invocations, now: clock.now().toISOString(), remaining: context.getRemainingTimeInMillis() }));
}
