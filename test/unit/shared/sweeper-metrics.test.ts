import { startDynamo, TABLE_NAME } from '../../../infra/local/dynamo';

// The sweeper's Lambda runs observed like every entry point and publishes the age of the stalest
// running job as Mentora/OldestRunningJobAgeSeconds with service=sweeper: the dimension the
// stuck-generation alarm (infra/aws/monitoring.ts) watches. Against DynamoDB Local, metrics on.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
const lines: string[] = [];
beforeAll(async () => {
  dynamo = await startDynamo(undefined, []);
}, 90_000);
afterAll(() => dynamo.close());

it('publishes OldestRunningJobAgeSeconds and StalledCoursesFailed under service sweeper, once per run', async () => {
  Object.assign(process.env, {
    TABLE_NAME, STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:mentora-course-generation', AWS_ENDPOINT_URL_DYNAMODB: dynamo.url, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local',
    POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_SERVICE_NAME: 'sweeper', POWERTOOLS_METRICS_NAMESPACE: 'Mentora',
  });
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  try {
    let handler!: typeof import('../../../lambdas/pipeline/sweeper-handler').handler;
    await jest.isolateModulesAsync(async () => {
      ({ handler } = await import('../../../lambdas/pipeline/sweeper-handler'));
    });
    await expect(handler()).resolves.toMatchObject({ swept: 0 });
  } finally {
    spy.mockRestore();
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    delete process.env.POWERTOOLS_SERVICE_NAME;
  }
  const records = lines.filter((l) => l.includes('"_aws"')).map((l) => JSON.parse(l) as Record<string, unknown> & { _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string }[] }[] } });
  const run = records.filter((r) => r._aws.CloudWatchMetrics[0].Metrics.some((m) => m.Name === 'OldestRunningJobAgeSeconds'));
  expect(run).toHaveLength(1);
  expect(run[0]).toMatchObject({ service: 'sweeper', OldestRunningJobAgeSeconds: 0, StalledCoursesFailed: 0 });
  expect(run[0]._aws.CloudWatchMetrics[0].Namespace).toBe('Mentora');
}, 60_000);
