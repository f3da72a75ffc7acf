import { AWS_GATEWAY_LIMITS, type GatewayLimits, type LocalHandler, type LocalLambdaContext } from '../../../infra/local/lambda-limits';
import { API_FUNCTION_LIMITS, HTTP_API_INTEGRATION_TIMEOUT_SECONDS } from '../../../infra/function-limits';
import { gatewayFor } from './support';

// The local gateway enforces what AWS enforces (infra/function-limits.ts): HTTP API cuts a request
// at 30 s with its own 503, and a function past its Lambda timeout fails, which HTTP API answers
// with 500. Shown with small injected limits and a handler slower than them on a real route.

const ok = { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ success: true }) };
const slowHandler = (ms: number, seen: LocalLambdaContext[] = []): LocalHandler => async (_event, context) => {
  seen.push(context);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ok;
};
/** A handler that answers only when the test lets it: any answer before that is the gateway's own. */
function hangingHandler() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler: LocalHandler = async () => {
    await released;
    return ok;
  };
  return { handler, release };
}

async function gatewayWith(handler: LocalHandler, limits: GatewayLimits) {
  const gateway = await gatewayFor(handler, { limits });
  const post = async () => {
    const res = await fetch(`${gateway.url}/api/courses/suggestions`, { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{}' });
    return { status: res.status, body: await res.json() };
  };
  return { post, close: () => gateway.close() };
}

describe('the local gateway under AWS limits', () => {
  it('cuts a request at the integration timeout with HTTP API\'s own 503', async () => {
    const hanging = hangingHandler();
    const g = await gatewayWith(hanging.handler, { integrationTimeoutMs: 200, functionTimeoutMs: () => 5000 });
    try {
      // The handler has not answered (it never does until released), so this answer is the cut.
      expect(await g.post()).toMatchObject({ status: 503, body: { message: 'Service Unavailable' } });
    } finally {
      hanging.release();
      await g.close();
    }
  });

  it('fails a handler that runs past its function timeout as HTTP API does: 500, Internal Server Error', async () => {
    const hanging = hangingHandler();
    const g = await gatewayWith(hanging.handler, { integrationTimeoutMs: 5000, functionTimeoutMs: () => 200 });
    try {
      expect(await g.post()).toMatchObject({ status: 500, body: { message: 'Internal Server Error' } });
    } finally {
      hanging.release();
      await g.close();
    }
  });

  it('answers with the handler\'s own result inside both limits, telling it the time it has left', async () => {
    const seen: LocalLambdaContext[] = [];
    const g = await gatewayWith(slowHandler(20, seen), { integrationTimeoutMs: 5000, functionTimeoutMs: () => 3000 });
    try {
      expect(await g.post()).toMatchObject({ status: 200, body: { success: true } });
      expect(seen[0].getRemainingTimeInMillis()).toBeGreaterThan(2000);
      expect(seen[0].getRemainingTimeInMillis()).toBeLessThanOrEqual(3000);
    } finally {
      await g.close();
    }
  });

  it('defaults to the deployed limits: 30 s at the gateway, each group\'s Lambda timeout', () => {
    expect(AWS_GATEWAY_LIMITS.integrationTimeoutMs).toBe(HTTP_API_INTEGRATION_TIMEOUT_SECONDS * 1000);
    expect(AWS_GATEWAY_LIMITS.integrationTimeoutMs).toBe(30_000);
    expect(AWS_GATEWAY_LIMITS.functionTimeoutMs('courses')).toBe(API_FUNCTION_LIMITS.courses.timeoutSeconds * 1000);
    expect(AWS_GATEWAY_LIMITS.functionTimeoutMs('auth')).toBe(API_FUNCTION_LIMITS.auth.timeoutSeconds * 1000);
  });
});
