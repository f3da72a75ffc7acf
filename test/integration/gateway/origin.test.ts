import type { LocalHandler } from '../../../infra/local/lambda-limits';
import { ORIGIN_HEADER } from '../../../lambdas/shared/origin-secret';
import { gatewayFor } from './support';

// The local gateway stands where CloudFront does (issue 20 item 6): it adds x-mentora-origin to every
// /api request, replacing whatever the caller sent under that name, as an origin custom header does.

const SECRET = 'valor-local-de-prueba';

describe('the local gateway as CloudFront\'s origin', () => {
  const seen: (string | undefined)[] = [];
  let gateway: Awaited<ReturnType<typeof gatewayFor>>;
  beforeAll(async () => {
    const handler: LocalHandler = async (event) => {
      seen.push(event.headers?.[ORIGIN_HEADER]);
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"success":true}' };
    };
    gateway = await gatewayFor(handler, { originSecret: SECRET });
  });
  afterAll(() => gateway.close());
  beforeEach(() => (seen.length = 0));

  it.each([
    ['adds the secret to a request without it', {}],
    ['replaces a value the caller forged', { [ORIGIN_HEADER]: 'adivinado' }],
  ])('%s', async (_name, headers) => {
    const res = await fetch(`${gateway.url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    expect(res.status).toBe(200);
    expect(seen).toEqual([SECRET]);
  });
});
