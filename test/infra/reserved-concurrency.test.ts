import { AWS_DEFAULT_QUOTAS } from '../../infra/aws-quotas';
import { RESERVABLE, RESERVED_CONCURRENCY } from '../../infra/concurrency';
import { FULL_CONTEXT, resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';

// Issue 23: the pipeline can never take the region's executions from the API and the tutor. Each
// function's reserved concurrency is the one infra/concurrency.ts computes from the capacity model,
// all of them together leave Lambda's 100 unreserved, and only production reserves any.

const lambdas = (json: CfnTemplate) => resourcesOfType(json, 'AWS::Lambda::Function');
const reservedOf = (json: CfnTemplate, prefix: string) => lambdas(json).find(([id]) => id.startsWith(prefix))?.[1].Properties.ReservedConcurrentExecutions;

describe('reserved concurrency, chosen from the capacity model', () => {
  let prod: CfnTemplate;
  beforeAll(() => {
    prod = templatesOf({ ...FULL_CONTEXT }).json;
  });

  it('caps every course-generation task at what the model gives it', () => {
    for (const [task, n] of Object.entries(RESERVED_CONCURRENCY.pipeline)) {
      expect([task, reservedOf(prod, `CoursePipeline${task}Task`)]).toEqual([task, n]);
    }
    expect(reservedOf(prod, 'ModelJobsModelJobTask')).toBe(RESERVED_CONCURRENCY.modelJobs);
  });

  it('reserves each API group and the tutor stream their share', () => {
    const api = lambdas(prod).filter(([id, fn]) => id.startsWith('Api') && fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME);
    expect(api.length).toBeGreaterThan(5);
    for (const [, fn] of api) {
      const group = fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME as keyof typeof RESERVED_CONCURRENCY.api;
      expect([group, fn.Properties.ReservedConcurrentExecutions]).toEqual([group, RESERVED_CONCURRENCY.api[group]]);
    }
    const stream = lambdas(prod).find(([, fn]) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'tutor-stream');
    expect(stream?.[1].Properties.ReservedConcurrentExecutions).toBe(RESERVED_CONCURRENCY.tutorStream);
  });

  it('leaves at least 100 executions unreserved in the default 1,000 and gives the API more than the pipeline', () => {
    const total = lambdas(prod).reduce((s, [, fn]) => s + (fn.Properties.ReservedConcurrentExecutions ?? 0), 0);
    expect(total).toBeLessThanOrEqual(RESERVABLE);
    expect(AWS_DEFAULT_QUOTAS.lambdaConcurrency.value - total).toBeGreaterThanOrEqual(AWS_DEFAULT_QUOTAS.lambdaUnreservedMinimum.value);
    const pipeline = Object.values(RESERVED_CONCURRENCY.pipeline).reduce((a, b) => a + b, 0) + RESERVED_CONCURRENCY.modelJobs;
    const api = Object.values(RESERVED_CONCURRENCY.api).reduce((a, b) => a + b, 0);
    expect(api).toBeGreaterThan(pipeline);
  });

  it('reserves nothing outside production, where an account may allow as few as 10 executions', () => {
    const dev = templatesOf({ stage: 'dev' }).json;
    expect(lambdas(dev).filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)).toEqual([]);
  });
});
