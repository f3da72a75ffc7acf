import { API_FUNCTION_LIMITS, HTTP_API_INTEGRATION_TIMEOUT_SECONDS, TASK_FUNCTION_LIMITS } from '../../infra/function-limits';
import { resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';

// The CDK deploys exactly the limits infra/function-limits.ts states (the local stack enforces the
// same ones, test/integration/gateway/limits.test.ts), and they fit HTTP API's 30 s.

/** Lambda logical id -> its Powertools service name, for the API's functions. */
const apiFunctions = (json: CfnTemplate) =>
  resourcesOfType(json, 'AWS::Lambda::Function')
    .filter(([id, fn]) => id.startsWith('Api') && fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME)
    .map(([id, fn]) => ({ id, service: fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME as string, timeout: fn.Properties.Timeout, memory: fn.Properties.MemorySize }));

describe('function limits, one definition for AWS and the local stack', () => {
  let json: CfnTemplate;
  beforeAll(() => {
    json = templatesOf({ stage: 'dev' }).json;
  });

  it('gives every API function the timeout and memory of its group', () => {
    const fns = apiFunctions(json);
    expect(fns.length).toBeGreaterThan(1);
    for (const fn of fns) {
      const limits = API_FUNCTION_LIMITS[fn.service as keyof typeof API_FUNCTION_LIMITS];
      expect([fn.service, fn.timeout, fn.memory]).toEqual([fn.service, limits.timeoutSeconds, limits.memoryMb]);
    }
  });

  it('stops every API function before HTTP API gives up on it at 30 s, so none runs on after the cut', () => {
    expect(HTTP_API_INTEGRATION_TIMEOUT_SECONDS).toBe(30);
    for (const { timeoutSeconds } of Object.values(API_FUNCTION_LIMITS)) {
      expect(timeoutSeconds).toBeLessThanOrEqual(HTTP_API_INTEGRATION_TIMEOUT_SECONDS - 1);
    }
  });

  it('leaves every Lambda integration at HTTP API\'s default timeout, its 30 s maximum', () => {
    const integrations = resourcesOfType(json, 'AWS::ApiGatewayV2::Integration');
    expect(integrations.length).toBeGreaterThan(1);
    for (const [, i] of integrations) expect(i.Properties.TimeoutInMillis).toBeUndefined();
  });

  it('gives each course-generation task function its timeout and memory', () => {
    const tasks = resourcesOfType(json, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('CoursePipeline'));
    for (const [task, limits] of Object.entries(TASK_FUNCTION_LIMITS)) {
      const fn = tasks.find(([id]) => id.startsWith(`CoursePipeline${task}Task`));
      expect([task, fn?.[1].Properties.Timeout, fn?.[1].Properties.MemorySize]).toEqual([task, limits.timeoutSeconds, limits.memoryMb]);
    }
  });
});
