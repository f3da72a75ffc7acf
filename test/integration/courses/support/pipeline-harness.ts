import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamo } from '../../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../../infra/local/local-aws';
import { startCoursePipeline, type CoursePipelineOptions } from '../../../../infra/local/stepfunctions-pipeline';
import { routeKey, matchRoute, type RouteGroup } from '../../../../lambdas/contract';
import type { HttpEvent, HttpResult } from '../../../../lambdas/shared/http';

/**
 * The course backend on real loopback connections (DynamoDB Local over HTTP, the local Bedrock over
 * HTTP/2, the local Step Functions runner over HTTP), with the route handlers called the way API
 * Gateway calls them. Used where a test must script the model (faults) or count DynamoDB calls;
 * everything else goes through the full local stack at MENTORA_URL.
 */
export async function startPipelineHarness(opts: CoursePipelineOptions = {}) {
  const dynamo = await startDynamo();
  const pipeline = await startCoursePipeline({ retryIntervalMs: 20, ...opts, env: {} });
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    TABLE_NAME: 'mentora',
    POWERTOOLS_LOG_LEVEL: 'CRITICAL',
    // As the local stack does (infra/local/stack.ts): an EMF line per model call was a tenth of a course's CPU here, written to the test's output.
    POWERTOOLS_METRICS_DISABLED: 'true',
    ...pipeline.env,
  });
  const handlers = new Map<RouteGroup, (e: HttpEvent) => Promise<HttpResult>>();
  /** Calls the route's Lambda handler as learner `sub`; answers status and parsed body. */
  async function call(sub: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const match = matchRoute(method, path);
    if (!match) throw new Error(`No route ${method} ${path}`);
    const group = match.route.group;
    if (!handlers.has(group)) handlers.set(group, (await import(`../../../../lambdas/${group}/handler`)).handler);
    const event = {
      version: '2.0',
      routeKey: routeKey(match.route),
      rawPath: `/api${path}`,
      headers: { 'content-type': 'application/json', ...headers },
      pathParameters: match.params,
      body: body === undefined ? undefined : JSON.stringify(body),
      isBase64Encoded: false,
      requestContext: { http: { method, path }, authorizer: { jwt: { claims: { sub, token_use: 'access' } } } },
    } as unknown as HttpEvent;
    const result = await handlers.get(group)!(event);
    return { status: result.statusCode ?? 200, body: JSON.parse(result.body ?? '{}') };
  }
  /**
   * What a stalled run looks like from outside (printed by a test that timed out): the executions, the states
   * waiting on a task token and for how long, and the queue's items (turns, grants, leases, pump lock, the
   * waiting marks) and each course's state and slot tokens. A Scan of the test's own table: diagnosis only.
   */
  async function snapshot() {
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.url, region: LOCAL_REGION, credentials: localCredentials }));
    const items: Record<string, unknown>[] = [];
    for (let start: Record<string, unknown> | undefined, first = true; first || start; first = false) {
      const page = await db.send(new ScanCommand({ TableName: 'mentora', ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    }
    db.destroy();
    const queue = items.filter((i) => /^(TURN#|COLA#)/.test(String(i.pk))).map(({ pk, sk, token, tokens, until, holder, again, window }) => ({ pk, sk, token, tokens, until, holder, again, window }));
    const courses = items
      .filter((i) => String(i.sk).startsWith('COURSE#') && i.estado !== undefined && !String(i.sk).includes('#', 7))
      .map((c) => ({
        sk: c.sk,
        estado: c.estado,
        lecciones: items.filter((i) => i.pk === c.pk && String(i.sk).startsWith(`${String(c.sk)}#L#`)).length,
        evaluaciones: items.filter((i) => i.pk === c.pk && String(i.sk).startsWith(`${String(c.sk)}#E#`)).length, modulos: (c.modulos as unknown[] | undefined)?.length,
        parcial: c.temarioParcial,
        slots: Object.keys(c).filter((k) => k.startsWith('esperaModulo')),
      }));
    const executions = pipeline.sfn.executions().map(({ name, status, error, cause }) => ({ name, status, error, cause: cause?.slice(0, 200) }));
    return JSON.stringify({ now: Date.now(), executions, pending: pipeline.sfn.pending(), queue, courses }, null, 1);
  }
  return {
    call,
    snapshot,
    pipeline,
    dynamoUrl: dynamo.url,
    close: async () => {
      await pipeline.sfn.settled().catch(() => undefined);
      await pipeline.close();
      await dynamo.close();
    },
  };
}

// A course generated on a busy two-core CI (two test files at once, each with its JVM) took more than the 20 s
// the harness's waits allowed (generation-never-stuck failed CI on 2026-11-29): bounds, not paces, so a wait
// for a course is 120 s and a test that waits for one has 240 s (jest's default here is 60 s). The benches load
// this harness outside jest (`npm run bench realistic-model`), where there is no `jest`.
if (typeof jest !== 'undefined') jest.setTimeout(240_000);

/** Polls until `check` answers something truthy, or fails after `ms`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, ms = 120_000, every = 25): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, every));
  }
}
