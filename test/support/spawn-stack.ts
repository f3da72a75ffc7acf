import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { LocalStackOptions } from '../../infra/local/stack';

export interface SpawnedStack {
  url: string;
  env: Record<string, string>;
  runtimeConfig: Record<string, unknown>;
  stop(): Promise<void>;
}

const ROOT = join(__dirname, '..', '..');
/** How long a stack may take to start before the run gives up on it (also useOwnStack's beforeAll bound). */
export const STACK_START_S = 240;

/** Starts `infra/local/serve.ts` in its own Node process and resolves once it is ready. */
export function spawnStack(options: LocalStackOptions = {}): Promise<SpawnedStack> {
  // MENTORA_STACK_NODE_ARGS: Node flags for the stack's process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p` to
  // profile where a test's stack spends its CPU (docs/testing.md).
  const nodeArgs = (process.env.MENTORA_STACK_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(ROOT, 'infra/local/serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, MENTORA_STACK_OPTIONS: JSON.stringify({ port: 0, web: 'none', ...options }) },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    // A bound, not a pace: under a load of 20-26 on the two cores (seven people's work) the e2e stack took
    // more than 60 s to start (DynamoDB Local's JVM, cognito-local, the SPA's web server), and the run failed.
    const timer = setTimeout(() => reject(new Error(`The local stack did not start within ${STACK_START_S} s`)), STACK_START_S * 1000);
    child.once('exit', (code) => reject(new Error(`The local stack exited with code ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('MENTORA_READY '));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line.slice('MENTORA_READY '.length));
      resolve({
        ...ready,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
