import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { clock } from '../../lambdas/shared/clock';

// A Lambda function run the way AWS runs it: in a sandbox of its own, not in the caller's process
// (issue 31: the materials processor ran inside the gateway's process, so a 72 KB .docx held every
// API call for 8-16 s and a 714 KB one took the whole stack down). Each sandbox is a child process
// with its own event loop and a V8 heap bounded by the function's memory size
// (--max-old-space-size: past it the sandbox dies, the invocation fails and the stack lives on); past
// the function's timeout it is killed. Warm sandboxes are reused, as Lambda reuses them. A child
// process rather than a worker thread: tsx's ESM hooks (dynamic imports of .ts) do not reach workers
// on Node 20.

export interface SandboxOptions {
  functionName: string;
  /** The module that exports the handler (a .ts file: the sandbox runs under tsx as `npm start` does). */
  modulePath: string;
  exportName: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** Idle sandboxes kept for the next invocation. */
  keepWarm?: number;
}

type Reply = { id: number; ok: true } | { id: number; ok: false; error: { name: string; message: string } };

const BOOT = join(__dirname, 'lambda-sandbox-boot.ts');
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

/** Lines of V8's report of a heap out of memory (the lines jest's workers also read as their own crash). */
const V8_OUT_OF_MEMORY = /heap out of memory|allocation failure;|Last few GCs|Last few stack traces/;

/**
 * The sandbox's stderr, line by line, on the stack's: V8's out-of-memory report becomes one line, as
 * Lambda reports it (Runtime.OutOfMemory). Passed through raw, a test worker that started a sandbox read
 * the report as its own and was killed as out of memory (jest-worker looks for those words in its stderr).
 */
function forwardStderr(child: ChildProcess, opts: SandboxOptions) {
  let partial = '';
  let told = false;
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!V8_OUT_OF_MEMORY.test(line)) process.stderr.write(`${line}\n`);
      else if (!told) {
        told = true;
        process.stderr.write(`${opts.functionName}: Runtime.OutOfMemory: the sandbox ran out of its ${opts.memoryMb} MB\n`);
      }
    }
  });
  child.stderr?.on('end', () => partial && !V8_OUT_OF_MEMORY.test(partial) && process.stderr.write(`${partial}\n`));
}

export function lambdaSandboxes(opts: SandboxOptions) {
  const warm: ChildProcess[] = [];
  const live = new Set<ChildProcess>();
  let invocations = 0;
  let closed = false;

  const start = () => {
    // env: a copy of process.env as it is now, once the stack has put its endpoints there.
    const child = fork(BOOT, [opts.modulePath, opts.exportName, opts.functionName], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${opts.memoryMb}`],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    forwardStderr(child, opts);
    live.add(child);
    child.once('exit', () => {
      live.delete(child);
      const at = warm.indexOf(child);
      if (at >= 0) warm.splice(at, 1);
    });
    return child;
  };

  const run = (child: ChildProcess, event: unknown) =>
    new Promise<void>((resolve, reject) => {
      const id = ++invocations;
      const done = (error?: Error) => {
        clearTimeout(timer);
        child.off('message', onMessage).off('error', done).off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      const onMessage = (reply: Reply) => {
        if (reply.id === id) done(reply.ok ? undefined : named(reply.error.name, reply.error.message));
      };
      const onExit = (code: number | null, signal: string | null) =>
        done(named('Runtime.ExitError', `${opts.functionName}: the sandbox exited (${signal ?? `code ${code}`}), e.g. out of its ${opts.memoryMb} MB`));
      const timer = setTimeout(() => done(named('Sandbox.Timedout', `Task timed out after ${opts.timeoutSeconds}.00 seconds`)), opts.timeoutSeconds * 1000);
      child.on('message', onMessage).on('error', done).on('exit', onExit);
      child.send({ id, event, deadline: Date.now() + opts.timeoutSeconds * 1000, clockOffsetMs: clock.now().getTime() - Date.now() });
    });

  return {
    /** Runs the handler with `event`; rejects when it throws, runs out of memory or out of time. */
    async invoke(event: unknown): Promise<void> {
      if (closed) throw named('ResourceNotFoundException', `${opts.functionName} is closed`);
      const child = warm.pop() ?? start();
      try {
        await run(child, event);
      } catch (error) {
        // A failed sandbox is not reused: after a timeout or out of memory it is in no state to be.
        child.kill('SIGKILL');
        throw error;
      }
      if (!closed && warm.length < (opts.keepWarm ?? 2)) warm.push(child);
      else child.kill();
    },
    /** Live sandboxes. */
    sandboxes: () => live.size,
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...live].map((child) => new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      })));
    },
  };
}
