import { installClock } from '../../lambdas/shared/clock';

// The process lambda-sandbox.ts forks: one Lambda sandbox. Loads the function's module once (later
// invocations are warm) and runs its handler for each event sent over IPC, one at a time.

interface Invocation {
  id: number;
  event: unknown;
  /** Epoch ms when the function's timeout ends. */
  deadline: number;
  /** The stack's clock minus the system's: tests move the stack's clock (clock-control.ts). */
  clockOffsetMs: number;
}

type Handler = (event: unknown, context: { functionName: string; awsRequestId: string; getRemainingTimeInMillis(): number }) => Promise<unknown>;

const [modulePath, exportName, functionName] = process.argv.slice(2);
let handler: Promise<Handler> | undefined;
let clockOffsetMs = 0;
// The handler reads lambdas/shared/clock: the same module as here, so it reads the stack's clock.
installClock({ now: () => new Date(Date.now() + clockOffsetMs) });

process.on('message', (invocation: Invocation) => {
  void (async () => {
    try {
      clockOffsetMs = invocation.clockOffsetMs;
      const run = await (handler ??= import(modulePath).then((m: Record<string, Handler>) => m[exportName]));
      await run(invocation.event, {
        functionName,
        awsRequestId: `local-${invocation.id}`,
        getRemainingTimeInMillis: () => Math.max(0, invocation.deadline - Date.now()),
      });
      process.send!({ id: invocation.id, ok: true });
    } catch (error) {
      const { name, message } = error as Error;
      process.send!({ id: invocation.id, ok: false, error: { name, message } });
    }
  })();
});
// The stack went away (even killed): a sandbox never outlives it.
process.on('disconnect', () => process.exit(0));
