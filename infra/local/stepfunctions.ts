import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { validatedStateMachine } from './asl-validated';
import { retryOverrides } from './retry-overrides';

// A loopback Step Functions: aws-local-stepfunctions runs the same ASL the CDK stack deploys,
// behind StartExecution / DescribeExecution / StopExecution in the AWS JSON 1.0 protocol, so
// @aws-sdk/client-sfn works unchanged (AWS_ENDPOINT_URL_SFN). Task states run local handlers,
// chosen by state name, in-process.

// aws-local-stepfunctions 3 calls Promise.withResolvers (Node 22); Node 20 lacks it.
const P = Promise as unknown as { withResolvers?: () => unknown };
P.withResolvers ??= function withResolvers<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

export type TaskHandler = (input: never) => unknown; // or a promise of it

export interface LocalStepFunctionsOptions {
  /** ASL (JSONPath) as text or object; `${Name}` placeholders become dummy Lambda ARNs. */
  definition: string | object;
  /** Task state name -> handler (e.g. `taskHandlers` from lambdas/pipeline/handler.ts). */
  taskHandlers: Record<string, TaskHandler>;
  stateMachineArn?: string;
  port?: number;
  /** Fixed wait before each retry instead of the ASL's backoff (tests), except BudgetExhausted's (retry-overrides.ts); the default keeps the real backoff with jitter. */
  retryIntervalMs?: number;
  /** The wait before a BudgetExhausted retry (tests with a shortened quota minute); default the ASL's backoff. */
  budgetRetryMs?: number;
  /** More state machines behind the same endpoint (the model jobs), each with its own ARN and handlers. */
  more?: { stateMachineArn: string; definition: string | object; taskHandlers: Record<string, TaskHandler> }[];
}

interface Execution {
  executionArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: number;
  stopDate?: number;
  abort: () => void;
  done: Promise<void>;
}

export interface LocalStepFunctions {
  url: string;
  stateMachineArn: string;
  /** Resolves when every execution started so far has finished. */
  settled: () => Promise<void>;
  executions: () => Omit<Execution, 'abort' | 'done'>[];
  /** The callback states waiting for their task token now, with how long each has waited (a stalled run's diagnosis). */
  pending: () => { state: string; waitedMs: number }[];
  close: () => Promise<void>;
}

const fail = (type: string, message: string) => ({ status: 400, body: { __type: type, message } });

// The callback pattern (`arn:aws:states:::lambda:invoke.waitForTaskToken`), which the library
// lacks: the run's context object carries a placeholder as `$$.Task.Token`; each callback state's
// handler swaps it for a fresh token, calls the function with the `Payload`, and then waits for
// SendTaskSuccess / SendTaskFailure with that token. The state's TimeoutSeconds is enforced by the
// library (States.Timeout, for the ASL's Catch); a late answer gets TaskTimedOut, as on AWS.
const TOKEN_PLACEHOLDER = '__local_task_token__';

interface StateLike { Type?: string; Resource?: string; TimeoutSeconds?: number; ItemProcessor?: Nested; Iterator?: Nested; Branches?: Nested[] }
interface Nested { States?: Record<string, StateLike> }

/** Task states whose Resource waits for a task token, with their TimeoutSeconds, at any depth. */
export function callbackStates(states: Record<string, StateLike>): Map<string, number> {
  const found = new Map<string, number>();
  for (const [name, st] of Object.entries(states)) {
    if (st.Type === 'Task' && String(st.Resource).endsWith('.waitForTaskToken')) found.set(name, st.TimeoutSeconds ?? 99_999_999);
    for (const inner of [st.ItemProcessor, st.Iterator, ...(st.Branches ?? [])]) if (inner?.States) for (const [n, t] of callbackStates(inner.States)) found.set(n, t);
  }
  return found;
}

interface Waiting { resolve: (output: unknown) => void; reject: (error: Error) => void; expires: number; state: string; since: number }
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

export async function startLocalStepFunctions(opts: LocalStepFunctionsOptions): Promise<LocalStepFunctions> {
  const stateMachineArn = opts.stateMachineArn ?? 'arn:aws:states:us-east-1:000000000000:stateMachine:mentora-course-generation';
  const load = (source: string | object) => {
    const text = typeof source === 'string' ? source : JSON.stringify(source);
    return validatedStateMachine(JSON.parse(text.replace(/\$\{(\w+)\}/g, (_, name: string) => `arn:aws:lambda:us-east-1:000000000000:function:${name}`)) as StateMachineDefinition);
  };
  const waiting = new Map<string, Waiting>();
  const withCallbacks = (definition: string | object, handlers: Record<string, TaskHandler>) => {
    const states = (typeof definition === 'string' ? JSON.parse(definition) : definition) as { States: Record<string, StateLike> };
    const wrapped = { ...handlers };
    for (const [state, timeoutSeconds] of callbackStates(states.States)) {
      const handler = handlers[state];
      if (!handler) continue;
      wrapped[state] = async (input: never) => {
        const token = crypto.randomUUID();
        const payload = JSON.parse(JSON.stringify(input).replaceAll(TOKEN_PLACEHOLDER, token)) as { Payload?: unknown };
        const answer = new Promise((resolve, reject) => waiting.set(token, { resolve, reject, expires: Date.now() + timeoutSeconds * 1000, state, since: Date.now() }));
        // As on AWS, the state goes on as soon as its token is answered, even while the function
        // still runs (a turn's function serves the queue after it answered its own, lambdas/pipeline/turns.ts);
        // a function that fails before any answer fails the state.
        void Promise.resolve()
          .then(() => handler((payload.Payload ?? payload) as never))
          .catch((error: unknown) => {
            const w = waiting.get(token);
            if (!w) return;
            waiting.delete(token);
            w.reject(error as Error);
          });
        return answer;
      };
    }
    return wrapped;
  };
  const machines = new Map(
    [{ stateMachineArn, definition: opts.definition, taskHandlers: opts.taskHandlers }, ...(opts.more ?? [])].map((m) => [
      m.stateMachineArn,
      {
        machine: load(m.definition),
        taskHandlers: withCallbacks(m.definition, m.taskHandlers),
        overrides:
          opts.retryIntervalMs === undefined && opts.budgetRetryMs === undefined
            ? undefined
            : retryOverrides((typeof m.definition === 'string' ? JSON.parse(m.definition) : m.definition) as never, opts.retryIntervalMs ?? -1, opts.budgetRetryMs ?? -1),
      },
    ]),
  );
  const executions = new Map<string, Execution>();

  function start(body: { stateMachineArn?: string; name?: string; input?: string }) {
    const found = machines.get(body.stateMachineArn ?? '');
    if (!found) return fail('StateMachineDoesNotExist', `State Machine Does Not Exist: '${body.stateMachineArn}'`);
    const { machine, taskHandlers, overrides } = found;
    const name = body.name ?? crypto.randomUUID();
    const executionArn = `${body.stateMachineArn!.replace(':stateMachine:', ':execution:')}:${name}`;
    if (executions.has(executionArn)) return fail('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    const input = body.input ?? '{}';
    const run = machine.run(JSON.parse(input) as Parameters<ReturnType<typeof validatedStateMachine>['run']>[0], {
      context: { Task: { Token: TOKEN_PLACEHOLDER } },
      overrides: {
        taskResourceLocalHandlers: taskHandlers as never,
        ...(overrides && { retryIntervalOverrides: overrides }),
      },
    });
    const exec: Execution = { executionArn, name, status: 'RUNNING', input, startDate: Date.now() / 1000, abort: run.abort, done: Promise.resolve() };
    exec.done = run.result.then(
      (output) => Object.assign(exec, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: Date.now() / 1000 }),
      (error: Error & { cause?: { name?: string; message?: string } }) => {
        const root = error.cause && typeof error.cause === 'object' ? error.cause : error;
        Object.assign(exec, { status: exec.status === 'ABORTED' ? 'ABORTED' : 'FAILED', error: root.name, cause: root.message, stopDate: Date.now() / 1000 });
      },
    ) as Promise<never>;
    executions.set(executionArn, exec);
    return { status: 200, body: { executionArn, startDate: exec.startDate } };
  }

  function describe(body: { executionArn?: string }) {
    const e = executions.get(body.executionArn ?? '');
    if (!e) return fail('ExecutionDoesNotExist', `Execution Does Not Exist: '${body.executionArn}'`);
    const { executionArn, name, status, input, output, error, cause, startDate, stopDate } = e;
    return { status: 200, body: { executionArn, stateMachineArn, name, status, input, output, error, cause, startDate, stopDate } };
  }

  function stop(body: { executionArn?: string }) {
    const e = executions.get(body.executionArn ?? '');
    if (!e) return fail('ExecutionDoesNotExist', `Execution Does Not Exist: '${body.executionArn}'`);
    if (e.status === 'RUNNING') Object.assign(e, { status: 'ABORTED' }).abort();
    return { status: 200, body: { stopDate: Date.now() / 1000 } };
  }

  function answer(body: { taskToken?: string }, settle: (w: Waiting) => void) {
    const w = waiting.get(body.taskToken ?? '');
    if (!w) return fail('TaskDoesNotExist', 'Task does not exist anymore');
    waiting.delete(body.taskToken!);
    if (Date.now() > w.expires) return fail('TaskTimedOut', 'Task Timed Out');
    settle(w);
    return { status: 200, body: {} };
  }
  const sendTaskSuccess = (body: { taskToken?: string; output?: string }) => answer(body, (w) => w.resolve(JSON.parse(body.output ?? '{}')));
  const sendTaskFailure = (body: { taskToken?: string; error?: string; cause?: string }) => answer(body, (w) => w.reject(named(body.error ?? 'TaskFailed', body.cause ?? '')));

  const actions: Record<string, (b: never) => { status: number; body: unknown }> = {
    StartExecution: start, DescribeExecution: describe, StopExecution: stop, SendTaskSuccess: sendTaskSuccess, SendTaskFailure: sendTaskFailure,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const action = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
      let out: { status: number; body: unknown };
      try {
        out = actions[action] ? actions[action](JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as never) : fail('UnknownOperationException', `${action} is not supported locally`);
      } catch (error) {
        out = fail('InvalidExecutionInput', (error as Error).message);
      }
      res.writeHead(out.status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stateMachineArn,
    settled: async () => {
      await Promise.all([...executions.values()].map((e) => e.done));
    },
    executions: () => [...executions.values()].map(({ abort: _a, done: _d, ...e }) => e),
    pending: () => [...waiting.values()].map((w) => ({ state: w.state, waitedMs: Date.now() - w.since })),
    close: async () => {
      for (const e of executions.values()) if (e.status === 'RUNNING') Object.assign(e, { status: 'ABORTED' }).abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
