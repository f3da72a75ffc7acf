import { startSecretsManager, localSecretArn } from '../../../infra/local/secrets-manager';
import { LOCAL_REGION } from '../../../infra/local/local-aws';
import { installClock, systemClock } from '../../../lambdas/shared/clock';
import { ORIGIN_HEADER, ORIGIN_SECRET_TTL_MS, originMatches, secretsManagerOriginSecrets } from '../../../lambdas/shared/origin-secret';
import type { HttpEvent } from '../../../lambdas/shared/http';

// Issue 20 item 6: CloudFront sends the origin secret as x-mentora-origin; every API Lambda refuses a
// request without the right value (one that reached the API around CloudFront and its WAF) with a
// 403, before any route, authorizer claim or body is looked at.

const SECRET = 'valor-de-origen-de-prueba-0123456789';
const event = (headers: Record<string, string>): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'PUT /users/profile',
    rawPath: '/api/users/profile',
    body: JSON.stringify({ nombre: 'Ana' }),
    isBase64Encoded: false,
    headers,
    requestContext: { http: { method: 'PUT' }, authorizer: { jwt: { claims: { sub: 'u-1', token_use: 'access' } } } },
  }) as unknown as HttpEvent;

describe('originMatches', () => {
  it('accepts the current or the previous value, and nothing else', () => {
    expect(originMatches(SECRET, [SECRET])).toBe(true);
    expect(originMatches(SECRET, ['nuevo', SECRET])).toBe(true);
    expect(originMatches(undefined, [SECRET])).toBe(false);
    expect(originMatches('', [SECRET])).toBe(false);
    expect(originMatches('', [''])).toBe(false);
    expect(originMatches(SECRET.slice(0, -1), [SECRET])).toBe(false);
    expect(originMatches(`${SECRET}x`, [SECRET])).toBe(false);
    expect(originMatches(SECRET, [])).toBe(false);
  });
});

describe('the origin check of every API Lambda', () => {
  let sm: Awaited<ReturnType<typeof startSecretsManager>>;
  const handle = jest.fn(async () => ({ body: { success: true } }));
  let handler: (e: HttpEvent) => Promise<{ statusCode?: number; body?: string }>;
  const saved = { ...process.env };

  beforeAll(async () => {
    sm = await startSecretsManager({ 'mentora/test/origin': SECRET });
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: sm.url,
      ORIGIN_SECRET_ARN: localSecretArn('mentora/test/origin'),
      // Made-up answers: the check against the route table is reply-check.test.ts's subject.
      MENTORA_CHECK_REPLIES: '0',
    });
    // Imported after the environment is set, as a Lambda reads it in its container.
    const { createHandler, endpoint } = await import('../../../lambdas/shared/http');
    handler = createHandler('users', { 'PUT /users/profile': endpoint({ handle }) });
  });
  afterAll(async () => {
    process.env = saved;
    await sm.close();
  });
  beforeEach(() => handle.mockClear());

  it.each([
    ['no header', {}],
    ['a wrong value', { [ORIGIN_HEADER]: 'adivinado' }],
    ['an empty value', { [ORIGIN_HEADER]: '' }],
    ['the value under another name', { 'x-origin': SECRET }],
  ])('refuses %s with a Spanish 403 and calls nothing', async (_name, headers) => {
    const res = await handler(event(headers));
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body ?? '{}')).toEqual({ success: false, message: 'Acceso no permitido: entra a Mentora desde su sitio web.' });
    expect(handle).not.toHaveBeenCalled();
  });

  it('lets the request CloudFront sends through to its route', async () => {
    const res = await handler(event({ [ORIGIN_HEADER]: SECRET }));
    expect(res.statusCode).toBe(200);
    expect(handle).toHaveBeenCalledTimes(1);
  });
});

describe('secretsManagerOriginSecrets', () => {
  afterEach(() => installClock(systemClock));

  it('reads once per container until the cache is older than its time to live, and never caches a failure', async () => {
    let now = Date.UTC(2026, 10, 24, 12);
    installClock({ now: () => new Date(now) });
    const calls: string[] = [];
    let fail = false;
    const client = {
      send: async (command: { input: { VersionStage?: string } }) => {
        calls.push(command.input.VersionStage ?? '');
        if (fail) throw Object.assign(new Error('down'), { name: 'InternalServiceError' });
        if (command.input.VersionStage === 'AWSPREVIOUS') throw Object.assign(new Error('none'), { name: 'ResourceNotFoundException' });
        return { SecretString: SECRET };
      },
    };
    const read = secretsManagerOriginSecrets('arn:secret', client as never);
    await expect(read()).resolves.toEqual([SECRET]);
    await expect(read()).resolves.toEqual([SECRET]);
    expect(calls).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
    now += ORIGIN_SECRET_TTL_MS;
    fail = true;
    await expect(read()).rejects.toThrow('down');
    fail = false;
    await expect(read()).resolves.toEqual([SECRET]);
    expect(calls).toHaveLength(6);
  });
});
