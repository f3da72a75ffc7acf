import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lambdaSandboxes } from '../../../infra/local/lambda-sandbox';
import { installClock, systemClock } from '../../../lambdas/shared/clock';

// The local stack runs the materials processor the way Lambda does (issue 31): out of the stack's
// process, warm between invocations, its heap bounded by the function's memory and killed at its
// timeout, and the stack lives on whatever the handler does.

const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
let n = 0;
const reply = () => join(dir, `${++n}.json`);
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { pid: number; invocations: number; now: string; remaining: number };

const sandboxes = lambdaSandboxes({
  functionName: 'test-sandbox',
  modulePath: join(__dirname, 'support', 'sandbox-handler.ts'),
  exportName: 'handler',
  timeoutSeconds: 20,
  memoryMb: 64,
  keepWarm: 1,
});
afterAll(() => sandboxes.close());
afterEach(() => installClock(systemClock));

it('runs out of this process, warm the second time, with the stack clock and its remaining time', async () => {
  const a = reply();
  await sandboxes.invoke({ kind: 'see', reply: a });
  installClock({ now: () => new Date(Date.now() + 40 * 86_400_000) });
  const b = reply();
  await sandboxes.invoke({ kind: 'see', reply: b });
  const [first, second] = [read(a), read(b)];
  expect(first.pid).not.toBe(process.pid);
  expect(second).toMatchObject({ pid: first.pid, invocations: 2 });
  expect(new Date(second.now).getTime() - Date.now()).toBeGreaterThan(39 * 86_400_000);
  expect(second.remaining).toBeGreaterThan(0);
  expect(second.remaining).toBeLessThanOrEqual(20_000);
}, 60_000);

it('a handler that throws fails the invocation with its error', async () => {
  await expect(sandboxes.invoke({ kind: 'throw', reply: reply() })).rejects.toMatchObject({ name: 'ExtractionRefused', message: 'documento dañado' });
}, 60_000);

it('a handler past its memory dies alone; the next invocation gets a new sandbox', async () => {
  await expect(sandboxes.invoke({ kind: 'oom', reply: reply() })).rejects.toMatchObject({ name: 'Runtime.ExitError' });
  const after = reply();
  await sandboxes.invoke({ kind: 'see', reply: after });
  expect(read(after).invocations).toBe(1);
}, 90_000);

it('a handler past its timeout is killed', async () => {
  const quick = lambdaSandboxes({ functionName: 'quick', modulePath: join(__dirname, 'support', 'sandbox-handler.ts'), exportName: 'handler', timeoutSeconds: 1, memoryMb: 64 });
  try {
    await expect(quick.invoke({ kind: 'hang', reply: reply() })).rejects.toMatchObject({ name: 'Sandbox.Timedout' });
    expect(quick.sandboxes()).toBeLessThanOrEqual(1);
  } finally {
    await quick.close();
  }
  expect(quick.sandboxes()).toBe(0);
}, 60_000);
