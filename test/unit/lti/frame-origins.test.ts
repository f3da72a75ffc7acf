import { frameKey, frameOriginsOf } from '../../../lambdas/lti/frame-origins';
import { keyValueStoreFrameOrigins, publishingRegistrations } from '../../../lambdas/lti/frame-store';
import type { ExpiryEntry, PlatformItem } from '../../../lambdas/lti/lti-items';
import type { LtiStore } from '../../../lambdas/lti/lti-store';
import { sweepExpired } from '../../../lambdas/lti/registration-expiry';
import { LOCAL_LTI_FRAMES_ARN } from '../../../infra/local/cloudfront-kvs';
import { ltiFrameFunctionCode, runLtiFrameFunction } from '../../../infra/lti-frame-function';
import { contentSecurityPolicy } from '../../../infra/site-policy';
import { useLocalFrameStore } from '../../support/local-frame-store';

// Who may frame the SPA's /lti/entrar (docs/lti.md "Inside the LMS's iframe"): CloudFront's function, run here
// as written (infra/lti-frame-function.ts), against a store the registrations fill (lambdas/lti/frame-store.ts,
// through the local KeyValueStore stand-in and the AWS SDK). The attacker's tests first: a page whose origin no
// registration names, a made-up key, a key of the wrong shape: `frame-ancestors 'none'` and X-Frame-Options DENY.

const SITE_CSP = contentSecurityPolicy({ hostedDomain: 'auth.mentora.example', region: 'eu-west-1' });
const platform = (issuer: string, authUrl = `${issuer}/auth`, clientId = 'cliente-1'): PlatformItem =>
  ({ issuer, clientId, authUrl, jwksUrl: `${issuer}/jwks`, deployments: ['d'], ownerId: 'o', creadoEn: '2026-11-30T00:00:00Z' });

const frame = (store: Map<string, string>, looked: string[] = []) =>
  runLtiFrameFunction(ltiFrameFunctionCode('kvs-id', SITE_CSP), (key) => {
    looked.push(key);
    return store.has(key) ? Promise.resolve(store.get(key)!) : Promise.reject(new Error('KeyNotFound'));
  });
const entry = (querystring: Record<string, string>) => ({
  request: { uri: '/index.html', querystring: Object.fromEntries(Object.entries(querystring).map(([k, value]) => [k, { value }])) },
  response: { statusCode: 200, headers: { 'content-security-policy': { value: SITE_CSP }, 'x-frame-options': { value: 'DENY' } } },
});

describe('CloudFront\'s function for /lti/entrar', () => {
  const moodle = platform('https://moodle.escuela.example', 'https://moodle.escuela.example/mod/lti/auth.php');
  const store = new Map([[frameKey(moodle.issuer, moodle.clientId), frameOriginsOf(moodle)]]);

  it('a registration\'s key: frame-ancestors its origins, without X-Frame-Options; the rest of the policy the site\'s', async () => {
    const res = await frame(store)(entry({ marco: frameKey(moodle.issuer, moodle.clientId) }));
    expect(res.headers['content-security-policy']?.value).toBe(SITE_CSP.replace("frame-ancestors 'none'", 'frame-ancestors https://moodle.escuela.example'));
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('no key, a made-up key, or one of another shape (never looked up): the site\'s policy and DENY', async () => {
    const looked: string[] = [];
    const cases: Record<string, string>[] = [{}, { marco: frameKey('https://atacante.example', 'cliente-1') }, { marco: "x' https://atacante.example" }, { otro: frameKey(moodle.issuer, moodle.clientId) }];
    for (const querystring of cases) {
      const res = await frame(store, looked)(entry(querystring));
      expect(res.headers['content-security-policy']?.value).toBe(SITE_CSP);
      expect(res.headers['content-security-policy']?.value).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']?.value).toBe('DENY');
    }
    expect(looked).toEqual([frameKey('https://atacante.example', 'cliente-1')]);
  });

  it('a registration\'s origins are its issuer\'s and authentication endpoint\'s, once each', () => {
    expect(frameOriginsOf(platform('https://canvas.instructure.com', 'https://sso.canvaslms.com/api/lti/authorize_redirect'))).toBe('https://canvas.instructure.com https://sso.canvaslms.com');
    expect(frameOriginsOf(moodle)).toBe('https://moodle.escuela.example');
    expect(frameKey(moodle.issuer, moodle.clientId)).toMatch(/^[\w-]{22}$/);
  });
});

describe('the registrations fill the store (the AWS SDK against the local KeyValueStore)', () => {
  const kvs = useLocalFrameStore();

  /** A store whose register answers as DynamoDB's conditional put would: the first of an issuer and client id. */
  const registrations = (): LtiStore => {
    const taken = new Map<string, PlatformItem>();
    const id = (p: Pick<PlatformItem, 'issuer' | 'clientId'>) => `${p.issuer}\n${p.clientId}`;
    return {
      platform: (issuer: string, clientId: string) => Promise.resolve(taken.get(id({ issuer, clientId }))),
      register: (p: PlatformItem) => Promise.resolve(!taken.has(id(p)) && taken.set(id(p), p) ? 'hecho' : 'ocupada'),
      updatePlatform: (p: PlatformItem, next: PlatformItem) => Promise.resolve(taken.has(id(p)) && Boolean(taken.set(id(p), next))),
      deletePlatform: (p: PlatformItem) => Promise.resolve(taken.delete(id(p))),
      // The registration the sweep deleted (platform-store.ts), or none when a launch proved it meanwhile.
      expirePlatform: (e: ExpiryEntry) => {
        const gone = taken.get(id(e));
        taken.delete(id(e));
        return Promise.resolve(gone);
      },
      markPublished: () => Promise.resolve(true),
    } as unknown as LtiStore;
  };

  it('an update publishes the registration\'s pages again; a deletion withdraws its key, and the page refuses every frame again', async () => {
    const store = publishingRegistrations(registrations(), keyValueStoreFrameOrigins(LOCAL_LTI_FRAMES_ARN));
    const before = platform('https://campus.example', 'https://campus.example/auth');
    const key = frameKey(before.issuer, before.clientId);
    await store.register(before);
    const moved = { ...before, authUrl: 'https://sso.campus.example/auth' };
    expect(await store.updatePlatform(before, moved)).toBe(true);
    expect(await kvs().get(key)).toBe('https://campus.example https://sso.campus.example');
    expect(await store.deletePlatform(moved)).toBe(true);
    await expect(kvs().get(key)).rejects.toThrow('KeyNotFound');
    const res = await runLtiFrameFunction(ltiFrameFunctionCode('kvs-id', SITE_CSP), (key: string) => kvs().get(key))(entry({ marco: key }));
    expect(res.headers['x-frame-options']?.value).toBe('DENY');
  });

  it('a written registration publishes its origins; a refused second one (other keys, other pages) replaces nothing', async () => {
    const store = publishingRegistrations(registrations(), keyValueStoreFrameOrigins(LOCAL_LTI_FRAMES_ARN));
    const genuine = platform('https://lms.colegio.example');
    expect(await store.register(genuine)).toBe('hecho');
    expect(await kvs().get(frameKey(genuine.issuer, genuine.clientId))).toBe('https://lms.colegio.example');
    expect(await store.register(platform('https://lms.colegio.example', 'https://atacante.example/auth'))).toBe('ocupada');
    expect(await kvs().get(frameKey(genuine.issuer, genuine.clientId))).toBe('https://lms.colegio.example');
    const res = await runLtiFrameFunction(ltiFrameFunctionCode('kvs-id', SITE_CSP), (key: string) => kvs().get(key))(entry({ marco: frameKey(genuine.issuer, genuine.clientId) }));
    expect(res.headers['content-security-policy']?.value).toMatch(/; frame-ancestors https:\/\/lms\.colegio\.example$/);
  });

  it('an expired registration\'s key leaves the store with it (registration-expiry.ts); one proven meanwhile keeps its key', async () => {
    const store = publishingRegistrations(registrations(), keyValueStoreFrameOrigins(LOCAL_LTI_FRAMES_ARN));
    const unused = platform('https://nadie.example');
    const used = platform('https://usada.example');
    await store.register(unused);
    await store.register(used);
    const due = (p: PlatformItem) => ({ issuer: p.issuer, clientId: p.clientId, caducaEn: '2026-01-01T00:00:00.000Z' });
    expect(await sweepExpired({ expiredPlatforms: () => Promise.resolve([due(unused)]), expirePlatform: (e, now) => store.expirePlatform(e, now), releaseReservation: () => Promise.resolve(false), retryPublication: () => Promise.resolve(true) }, new Date())).toBe(1);
    await expect(kvs().get(frameKey(unused.issuer, unused.clientId))).rejects.toThrow('KeyNotFound');
    const res = await runLtiFrameFunction(ltiFrameFunctionCode('kvs-id', SITE_CSP), (key: string) => kvs().get(key))(entry({ marco: frameKey(unused.issuer, unused.clientId) }));
    expect(res.headers['x-frame-options']?.value).toBe('DENY');
    expect(await kvs().get(frameKey(used.issuer, used.clientId))).toBe('https://usada.example');
  });

  it('twenty registrations at once all land (a write that lost the store\'s ETag tries again)', async () => {
    const store = publishingRegistrations(registrations(), keyValueStoreFrameOrigins(LOCAL_LTI_FRAMES_ARN));
    const many = Array.from({ length: 20 }, (_, i) => platform(`https://lms${i}.example`));
    await Promise.all(many.map((p) => store.register(p)));
    for (const p of many) expect(await kvs().get(frameKey(p.issuer, p.clientId))).toBe(new URL(p.issuer).origin);
  });
});
