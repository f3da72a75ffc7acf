import type http from 'node:http';
import type { SweepResult } from '../../lambdas/pipeline/sweeper';

// The stale-job sweeper on loopback: what EventBridge Scheduler does on AWS (infra/aws/sweeper.ts),
// on an interval, against the local table and with the stack's movable clock (POST /__local/clock),
// so moving the clock 15 minutes forward makes a stuck course `error` at the next run. The same runs
// take the LTI queue (infra/aws/lti-expiry.ts: expired registrations, failed frame-store publications).
//   POST /__local/sweep   runs both now and answers { swept, oldestRunningJobAgeSeconds, lti: { caducadas, entradas } }
// Test stacks run it only when asked (sweepIntervalMs): another file's clock move must not fail
// the courses a parallel test is generating.

export interface LocalSweeper {
  run(): Promise<SweepResult & { lti: { caducadas: number; entradas: number } }>;
  control(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export function localSweeper(intervalMs: number): LocalSweeper {
  // Loaded on first use, once the stack has put TABLE_NAME and the endpoints in process.env.
  const staleJobs = async () => {
    const [{ sweepStaleJobs, sweeperStop }, { dynamoRunningJobs }, { dynamoCourseStore }, { documentClient }, { clock }, { tableBudget }] = await Promise.all([
      import('../../lambdas/pipeline/sweeper'),
      import('../../lambdas/course-model/running-jobs'),
      import('../../lambdas/course-model/course-store'),
      import('../../lambdas/shared/clients'),
      import('../../lambdas/shared/clock'),
      import('../../lambdas/plans'),
    ]);
    const table = process.env.TABLE_NAME!;
    const stop = process.env.STATE_MACHINE_ARN ? sweeperStop(process.env.STATE_MACHINE_ARN) : undefined;
    const budget = tableBudget(table);
    const settle = (userId: string, jobId: string) => budget.settle(userId, jobId);
    return sweepStaleJobs({ running: dynamoRunningJobs(documentClient(), table), store: dynamoCourseStore(documentClient(), table), stop, settle }, clock.now());
  };
  // The LTI queue as its Lambda reads it (lambdas/lti/expiry-handler.ts), with the local frame store when it runs.
  const ltiQueue = async () => {
    const [{ sweepQueue }, { registrationsPublishedTo }, { documentClient }, { clock }] = await Promise.all([
      import('../../lambdas/lti/registration-expiry'),
      import('../../lambdas/lti/frame-store'),
      import('../../lambdas/shared/clients'),
      import('../../lambdas/shared/clock'),
    ]);
    const store = registrationsPublishedTo(documentClient(), process.env.TABLE_NAME!, process.env.LTI_FRAME_STORE_ARN);
    return sweepQueue(store, clock.now());
  };
  const run = async () => {
    const [jobs, lti] = await Promise.all([staleJobs(), ltiQueue()]);
    return { ...jobs, lti };
  };
  let running: Promise<unknown> = Promise.resolve();
  const timer = intervalMs > 0
    ? setInterval(() => {
        if (!process.env.TABLE_NAME) return; // the stack is still starting
        running = run().catch((error: unknown) => console.error('[sweeper]', error));
      }, intervalMs)
    : undefined;
  timer?.unref();
  return {
    run,
    async control(req, res) {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
      if (req.method !== 'POST') return void send(405, { message: 'POST runs the sweeper now' });
      for await (const _ of req); // drain the body
      send(200, await run());
    },
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
