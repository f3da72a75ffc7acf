import type { HttpEvent } from '../../../lambdas/shared/http';

// Business metrics leave a Lambda as CloudWatch embedded metric format (EMF) lines on stdout, flushed
// once per invocation. The test env disables them (test/support/quiet.ts); here they are turned on
// and each test loads fresh modules, so the first invocation is a cold start.

type Emf = { _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] }; [key: string]: unknown };

let lines: string[];
let restore: () => void;

/** Fresh modules (a new cold start), loaded after the test set the environment they read at import. */
async function load() {
  let modules!: {
    http: typeof import('../../../lambdas/shared/http');
    obs: typeof import('../../../lambdas/shared/observability');
    quotas: typeof import('../../../lambdas/plans/quotas');
  };
  await jest.isolateModulesAsync(async () => {
    modules = {
      http: await import('../../../lambdas/shared/http'),
      obs: await import('../../../lambdas/shared/observability'),
      quotas: await import('../../../lambdas/plans/quotas'),
    };
  });
  return modules;
}

const event = (routeKey: string, sub = 'u1'): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: `/api${routeKey.split(' ')[1]}`,
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-123', http: { method: routeKey.split(' ')[0] }, authorizer: { jwt: { claims: { sub, token_use: 'access' } } } },
  }) as unknown as HttpEvent;

/** EMF records printed so far, with the names of their metrics. */
const records = () =>
  lines
    .filter((l) => l.startsWith('{') && l.includes('"_aws"'))
    .map((l) => JSON.parse(l) as Emf)
    .map((r) => ({ record: r, names: r._aws.CloudWatchMetrics[0].Metrics.map((m) => m.Name) }));
const named = (name: string) => records().filter((r) => r.names.includes(name)).map((r) => r.record);

beforeEach(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_SERVICE_NAME = 'courses';
  process.env.POWERTOOLS_METRICS_NAMESPACE = 'Mentora';
  // What Lambda sets on an on-demand function; without it Powertools never reports a cold start.
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
  lines = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  restore = () => spy.mockRestore();
});

afterEach(() => {
  restore();
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  delete process.env.POWERTOOLS_SERVICE_NAME;
  delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
});

describe('business metrics from a handler', () => {
  it('emits QuotaExceeded when a learner runs out of courses, once, in namespace Mentora by service', async () => {
    const { http, quotas } = await load();
    const store = { planOf: async () => 'gratuito' as const, take: async () => undefined, release: async () => undefined, used: async () => 1 };
    const handler = http.createHandler('courses', {
      'POST /courses/plan': http.endpoint({
        handle: async ({ userId }) => {
          await quotas.planQuotas(store).consumeCourse(userId);
          return http.ok({});
        },
      }),
    });
    const result = await handler(event('POST /courses/plan'));
    expect(result.statusCode).toBe(429);
    const [record, ...more] = named('QuotaExceeded');
    expect(more).toEqual([]);
    expect(record._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Mentora', Dimensions: [['service']], Metrics: [{ Name: 'QuotaExceeded', Unit: 'Count' }] });
    expect(record).toMatchObject({ service: 'courses', QuotaExceeded: 1 });
  });

  it('flushes per invocation: each request prints its own record, none is carried over', async () => {
    const { http, obs } = await load();
    const handler = http.createHandler('tutor', {
      'DELETE /ai-tutor/context/{id}': http.endpoint({
        handle: async () => {
          obs.countMetric('TutorMessage');
          return http.ok({});
        },
      }),
    });
    await handler(event('DELETE /ai-tutor/context/{id}'));
    expect(named('TutorMessage')).toHaveLength(1);
    await handler(event('DELETE /ai-tutor/context/{id}'));
    expect(named('TutorMessage').map((r) => r.TutorMessage)).toEqual([1, 1]);
  });

  it('counts a cold start on the first invocation only', async () => {
    const { http } = await load();
    const handler = http.createHandler('jobs', { 'GET /jobs/{id}': http.endpoint({ handle: async () => http.ok({}) }) });
    await handler(event('GET /jobs/{id}'));
    await handler(event('GET /jobs/{id}'));
    expect(named('ColdStart')).toHaveLength(1);
    // No business metric: no empty record and no "no metrics" warning on every request.
    expect(records().map((r) => r.names)).toEqual([['ColdStart']]);
    expect(lines.filter((l) => l.includes('No application metrics'))).toEqual([]);
  });

  it('still flushes what a failed invocation counted', async () => {
    const { obs } = await load();
    await expect(
      obs.observe('webhook', 'evt_1', undefined, async () => {
        obs.countMetric('WebhookFailed');
        throw new Error('Stripe down');
      }),
    ).rejects.toThrow('Stripe down');
    expect(named('WebhookFailed')).toHaveLength(1);
  });

  it('records model tokens and cost by purpose and model, apart from the invocation metrics', async () => {
    const { obs } = await load();
    await obs.observe('lesson', 'job-1', undefined, async () => {
      obs.recordModelUsage('lesson', 'amazon.nova-lite-v1:0', { inputTokens: 1000, outputTokens: 500 });
      obs.countMetric('CourseReady');
    });
    const [tokens] = named('ModelTokens');
    expect(tokens._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', 'purpose', 'model']]);
    expect(tokens).toMatchObject({ purpose: 'lesson', model: 'amazon.nova-lite-v1:0', ModelTokens: 1500 });
    // 1000 × 0.06 + 500 × 0.24 per million tokens (lambdas/shared/ai/model-table.ts).
    expect(named('ModelCostUSD')[0].ModelCostUSD).toBeCloseTo(0.00018, 8);
    expect(named('CourseReady')[0]._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
  });

  it('prints nothing when POWERTOOLS_METRICS_DISABLED is set, as on the local stack and in tests', async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    const { obs } = await load();
    await obs.observe('x', undefined, undefined, async () => obs.countMetric('CourseStarted'));
    expect(records()).toEqual([]);
  });
});
