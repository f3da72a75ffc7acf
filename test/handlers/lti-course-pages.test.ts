import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { frameKey, frameOriginsOf } from '../../lambdas/lti/frame-origins';
import { keyValueStoreFrameOrigins, publishingRegistrations, retryAfterMs, type FrameOrigins } from '../../lambdas/lti/frame-store';
import { domainCountKey, DYNAMIC_OWNER, isPublication, platformKey, registrationId, type PlatformItem } from '../../lambdas/lti/lti-items';
import { dynamoLtiStore, type LtiStore } from '../../lambdas/lti/lti-store';
import { sweepExpired } from '../../lambdas/lti/registration-expiry';
import { LOCAL_LTI_FRAMES_ARN } from '../../infra/local/cloudfront-kvs';
import { REGISTRATION } from '../../lambdas/lti/messages';
import { registerDynamically } from '../../lambdas/lti/dynamic-registration';
import { assignPlatform, removePlatform } from '../../lambdas/lti/platform-admin';
import { deletePlatform, listPlatforms, registerPlatform, updatePlatform } from '../../lambdas/lti/platforms';
import { registrableDomain } from '../../lambdas/lti/registrable-domain';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { login, site } from '../support/lti-flow';
import { specExampleLaunch, startPlatform, type TestPlatform } from '../support/lti-platform';
import { useLocalFrameStore } from '../support/local-frame-store';

// Issue 45, docs/lti.md "Inside the LMS's iframe": an LMS whose course pages are on another host than its issuer
// (Canvas Cloud: the school's <school>.instructure.com) names those pages' origins, and only those frame Mentora; Canvas
// Cloud registers itself from the school's host; a registration whose frame-store publication failed says so and is
// published again. The attacker's tests first: page origins that are not origins, a Canvas configuration served from
// a host that is not Instructure's or naming other keys.

let school: TestPlatform;
beforeAll(async () => { school = await startPlatform(); });
afterAll(() => school.close());

const DEPLOYMENT = '07940580-b309-415e-a37c-914d387c1150';
const CANVAS_PAGES = 'https://colegio.instructure.com';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const get = async (Key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key, ConsistentRead: true }))).Item;
const schoolLms = () => ({ issuer: `${school.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID() });
const registration = (lms: { issuer: string; clientId: string }, extra: object = {}) => ({ ...lms, authUrl: `${school.url}/auth`, jwksUrl: school.jwksUrl, deployments: [DEPLOYMENT], ...extra });
const post = (ownerId: string, body: object) => invoke('POST /lti/plataformas', { userId: ownerId, body });
const put = (ownerId: string, id: string, body: object) => invoke('PUT /lti/plataformas/{id}', { userId: ownerId, params: { id }, body });
const frameAncestors = (csp: string) => /frame-ancestors ([^;]*)/.exec(csp)![1].split(' ');

/** A launch shown in the LMS's iframe: its page's CSP says who may frame it. */
async function framedLaunchPolicy(lms: { issuer: string; clientId: string }, ownerId: string) {
  const l = await login({ ...lms, deploymentId: DEPLOYMENT, ownerId });
  const token = await school.sign(specExampleLaunch({ ...lms, deploymentId: DEPLOYMENT, nonce: l.nonce, targetLinkUri: `${site()}/` }));
  const res = await invoke('POST /lti/launch', { rawBody: new URLSearchParams({ id_token: token, state: l.state }).toString(), headers: { ...FORM, 'sec-fetch-dest': 'iframe' } });
  expect(res.status).toBe(200);
  return frameAncestors(res.headers['content-security-policy']);
}

describe('the course pages\' origins', () => {
  it('refuses what is not an https origin, or too many, and changes nothing', async () => {
    const owner = crypto.randomUUID();
    const lms = schoolLms();
    const { body } = await post(owner, registration(lms));
    const stored = await get(platformKey(lms.issuer, lms.clientId));
    const bad = [['https://colegio.instructure.com/courses/1'], ['javascript:alert(1)'], ['https://a:b@colegio.instructure.com'], ["https://x.example 'unsafe-inline'"],
      ['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example']];
    for (const paginas of bad) {
      const res = await put(owner, body.data.id, { paginas });
      expect(res).toMatchObject({ status: 400, body: { success: false } });
      expect(res.body.message).toMatch(/origen|orígenes/);
    }
    expect((await post(owner, registration(schoolLms(), { paginas: ['https://x.example/ruta'] }))).status).toBe(400);
    expect(await get(platformKey(lms.issuer, lms.clientId))).toEqual(stored);
  });

  it('only a registration\'s own page origins frame its launch; the owner sets and clears them', async () => {
    const owner = crypto.randomUUID();
    const lms = schoolLms();
    const other = schoolLms();
    const made = await post(owner, registration(lms, { paginas: [`${CANVAS_PAGES}/`] }));
    expect(made).toMatchObject({ status: 201, body: { data: { paginas: [CANVAS_PAGES], publicada: true } } });
    await post(owner, registration(other));
    expect(await framedLaunchPolicy(lms, owner)).toContain(CANVAS_PAGES);
    expect(await framedLaunchPolicy(other, owner)).not.toContain(CANVAS_PAGES);
    const cleared = await put(owner, made.body.data.id, { paginas: [] });
    expect(cleared).toMatchObject({ status: 200, body: { data: { paginas: [] } } });
    expect(await framedLaunchPolicy(lms, owner)).not.toContain(CANVAS_PAGES);
    // Another account cannot add its pages to this registration.
    expect((await put(crypto.randomUUID(), made.body.data.id, { paginas: ['https://atacante.example'] })).status).toBe(404);
  });
});

describe('Canvas Cloud by Dynamic Registration', () => {
  const CANVAS_KEYS = 'https://sso.canvaslms.com/api/lti/security/jwks';
  /** Canvas Cloud's configuration, as the school's host serves it (Instructure's documented endpoints). */
  const canvasConfig = (host: string, over: Record<string, string> = {}) => ({
    issuer: 'https://canvas.instructure.com',
    authorization_endpoint: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
    token_endpoint: 'https://sso.canvaslms.com/login/oauth2/token',
    jwks_uri: CANVAS_KEYS,
    registration_endpoint: `${host}/api/lti/registrations`,
    ...over,
  });
  /** The school's Canvas answering on its host (no DNS here: the fetch the use case is given). */
  function canvas(host: string, config: object) {
    const clientId = `10000000000${Math.floor(Math.random() * 1e6)}`;
    const asked: string[] = [];
    const fetch = (async (url: string | URL) => {
      asked.push(String(url));
      if (String(url) === `${host}/api/lti/security/openid-configuration`) return Response.json(config);
      if (String(url) === `${host}/api/lti/registrations`) return Response.json({ client_id: clientId });
      return new Response('{}', { status: 404 });
    }) as typeof globalThis.fetch;
    const deps = { store: dynamoLtiStore(documentClient(), process.env.TABLE_NAME!), site: { origin: site() }, now: () => new Date(), schemes: ['https:'], fetch };
    return { clientId, asked, register: () => registerDynamically(deps, { openid_configuration: `${host}/api/lti/security/openid-configuration`, registration_token: 't' }) };
  }

  it('refuses a configuration for Canvas\'s issuer served from a host that is not a school\'s on Instructure, or naming other keys', async () => {
    for (const [host, config] of [
      ['https://colegio.instructure.com.atacante.example', canvasConfig('https://colegio.instructure.com.atacante.example')],
      ['https://atacante.example', canvasConfig('https://atacante.example')],
      ['https://colegio.instructure.com', canvasConfig('https://colegio.instructure.com', { jwks_uri: 'https://atacante.example/jwks' })],
      ['https://a.b.instructure.com', canvasConfig('https://a.b.instructure.com')],
    ] as const) {
      const lms = canvas(host, config);
      await expect(lms.register()).rejects.toMatchObject({ status: 400, message: REGISTRATION.issuerMismatch });
      expect(lms.asked).toHaveLength(1);
      expect(await get(platformKey('https://canvas.instructure.com', lms.clientId))).toBeUndefined();
    }
  });

  it('registers from the school\'s host: active, Instructure\'s keys, the school\'s host as its course pages, counted apart', async () => {
    const host = `https://c${crypto.randomUUID().slice(0, 8)}.instructure.com`;
    const lms = canvas(host, canvasConfig(host));
    expect(await lms.register()).toEqual({ issuer: 'https://canvas.instructure.com', clientId: lms.clientId, deployments: [] });
    expect(await get(platformKey('https://canvas.instructure.com', lms.clientId))).toMatchObject({ estado: 'activa', jwksUrl: CANVAS_KEYS, paginas: [host], dominio: new URL(host).hostname });
    expect(await get(domainCountKey(registrableDomain(`${host}/x`)))).toMatchObject({ n: 1 });
  });

  it('accepts the key set on the school\'s own Instructure host too (Instructure serves it there)', async () => {
    const host = `https://c${crypto.randomUUID().slice(0, 8)}.instructure.com`;
    const lms = canvas(host, canvasConfig(host, { jwks_uri: `${host}/api/lti/security/jwks` }));
    expect((await lms.register()).clientId).toBe(lms.clientId);
    expect(await get(platformKey('https://canvas.instructure.com', lms.clientId))).toMatchObject({ jwksUrl: `${host}/api/lti/security/jwks`, paginas: [host] });
  });
});

describe('a registration the frame store did not take', () => {
  /** The frame store, refusing while `down` (the next `failures` calls, or always while `down` is true). */
  function frames() {
    const published = new Map<string, string>();
    const state = { down: true, withdrawn: [] as string[], calls: 0 };
    const origins: FrameOrigins = {
      async sync(key, current) {
        state.calls += 1;
        if (state.down) throw Object.assign(new Error('down'), { name: 'ServiceUnavailableException' });
        const value = await current();
        if (value === undefined) {
          published.delete(key);
          state.withdrawn.push(key);
        } else published.set(key, value);
        return value;
      },
    };
    return { origins, published, state };
  }
  const table = () => dynamoLtiStore(documentClient(), process.env.TABLE_NAME!);
  /** The sweep as it runs `minutes` from now, over this registration's queue entries only (other files share the queue). */
  const sweepMine = (store: LtiStore, lms: { issuer: string; clientId: string }, minutes: number) => sweepExpired({
    ...store,
    expiredPlatforms: async (before, limit) => (await store.expiredPlatforms(before, 1000)).filter((e) => 'issuer' in e && e.issuer === lms.issuer).slice(0, limit),
  }, new Date(Date.now() + minutes * 60_000));
  const queued = async (lms: { issuer: string; clientId: string }) => (await table().expiredPlatforms('9999', 1000)).filter((e) => isPublication(e) && e.issuer === lms.issuer);

  it('the answer says "no publicada" when the store failed; the sweep retries it, once due, until it lands', async () => {
    const kvs = frames();
    const store = publishingRegistrations(table(), kvs.origins);
    const deps = { store, site: { origin: site() }, now: () => new Date(), schemes: ['http:', 'https:'] };
    const owner = crypto.randomUUID();
    const lms = schoolLms();
    // The store fails once: the registration stands, and its answer says so (it used to say publicada: true).
    const made = await registerPlatform(deps, owner, { ...registration(lms), paginas: [CANVAS_PAGES] });
    expect(made).toMatchObject({ publicada: false, errorPublicacion: 'ServiceUnavailableException' });
    expect((await listPlatforms(deps, owner)).plataformas).toMatchObject([{ issuer: lms.issuer, publicada: false, errorPublicacion: 'ServiceUnavailableException' }]);
    expect(await queued(lms)).toMatchObject([{ intento: 1 }]);
    kvs.state.down = false;
    // Not due yet (5 minutes): the sweep leaves it.
    expect(await sweepMine(store, lms, 1)).toBe(0);
    expect(kvs.published.size).toBe(0);
    await sweepMine(store, lms, 6);
    const key = frameKey(lms.issuer, lms.clientId);
    expect(kvs.published.get(key)).toBe(frameOriginsOf({ ...registration(lms), paginas: [CANVAS_PAGES] }));
    const listed = (await listPlatforms(deps, owner)).plataformas;
    expect(listed).toMatchObject([{ publicada: true, paginas: [CANVAS_PAGES], deployments: [DEPLOYMENT] }]);
    expect(listed[0]).not.toHaveProperty('errorPublicacion');
    expect(await queued(lms)).toEqual([]);
    // The sweep again, or the owner's PUT { publicar: true }: the same value, nothing else changes.
    await sweepMine(store, lms, 6);
    const before = await get(platformKey(lms.issuer, lms.clientId));
    expect(await updatePlatform(deps, owner, registrationId(lms.issuer, lms.clientId), { publicar: true })).toMatchObject({ publicada: true });
    expect(kvs.published.get(key)).toBe(frameOriginsOf({ ...registration(lms), paginas: [CANVAS_PAGES] }));
    expect({ ...(await get(platformKey(lms.issuer, lms.clientId))), actualizadoEn: 0 }).toEqual({ ...before, actualizadoEn: 0 });
    expect((await removePlatform(store, lms.issuer, lms.clientId)).hecho).toBe(true);
    expect(kvs.state.withdrawn).toEqual([key]);
  });

  it('a retry that fails again waits longer, and a registration deleted meanwhile has its key withdrawn by the retry', async () => {
    const kvs = frames();
    const store = publishingRegistrations(table(), kvs.origins);
    const deps = { store, site: { origin: site() }, now: () => new Date(), schemes: ['http:', 'https:'] };
    const owner = crypto.randomUUID();
    const lms = schoolLms();
    await registerPlatform(deps, owner, registration(lms));
    await sweepMine(store, lms, 6);
    expect(await queued(lms)).toMatchObject([{ intento: 2 }]);
    expect(Date.parse((await queued(lms))[0].caducaEn) - Date.now()).toBeGreaterThan(retryAfterMs(2) - 60_000);
    expect(retryAfterMs(2)).toBe(2 * retryAfterMs(1));
    expect(retryAfterMs(50)).toBe(6 * 3600_000);
    // Deleted while the store is down: the deletion's own withdrawal fails too, and the retries withdraw the key.
    kvs.published.set(frameKey(lms.issuer, lms.clientId), 'una publicación anterior');
    await deletePlatform(deps, owner, registrationId(lms.issuer, lms.clientId));
    kvs.state.down = false;
    await sweepMine(store, lms, 24 * 60);
    expect(kvs.published.has(frameKey(lms.issuer, lms.clientId))).toBe(false);
    expect(await queued(lms)).toEqual([]);
  });

  it('the operator\'s handover (asignar) publishes a registration whose publication failed', async () => {
    const kvs = frames();
    const store = publishingRegistrations(table(), kvs.origins);
    const lms = schoolLms();
    // A Dynamic Registration made while the store was down: no account sees it, nobody can press "Publicar de nuevo".
    expect(await store.register({ ...registration(lms), ownerId: DYNAMIC_OWNER, registro: crypto.randomUUID(), estado: 'activa', creadoEn: new Date().toISOString() })).toBe('hecho');
    expect(kvs.published.size).toBe(0);
    kvs.state.down = false;
    const school = crypto.randomUUID();
    expect((await assignPlatform(store, lms.issuer, lms.clientId, school)).hecho).toBe(true);
    expect(kvs.published.get(frameKey(lms.issuer, lms.clientId))).toBe(frameOriginsOf(registration(lms)));
    const deps = { store, site: { origin: site() }, now: () => new Date(), schemes: ['http:', 'https:'] };
    expect((await listPlatforms(deps, school)).plataformas).toMatchObject([{ issuer: lms.issuer, publicada: true }]);
  });

  it('PUT { publicar: true } answers the registration, published', async () => {
    const owner = crypto.randomUUID();
    const { body } = await post(owner, registration(schoolLms()));
    expect(await put(owner, body.data.id, { publicar: true })).toMatchObject({ status: 200, body: { data: { publicada: true } } });
  });
});

describe('twenty changes at once', () => {
  const kvs = useLocalFrameStore();

  it('publish one final value: the frame store ends saying what the registration says', async () => {
    const store = publishingRegistrations(dynamoLtiStore(documentClient(), process.env.TABLE_NAME!), keyValueStoreFrameOrigins(LOCAL_LTI_FRAMES_ARN));
    const deps = { store, site: { origin: site() }, now: () => new Date(), schemes: ['http:', 'https:'] };
    const owner = crypto.randomUUID();
    const lms = schoolLms();
    const { id } = await registerPlatform(deps, owner, registration(lms));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => updatePlatform(deps, owner, id, { paginas: [`https://p${i}.instructure.com`] })));
    expect(answers).toHaveLength(20);
    const final = (await get(platformKey(lms.issuer, lms.clientId))) as PlatformItem;
    expect(await kvs().get(frameKey(lms.issuer, lms.clientId))).toBe(frameOriginsOf(final));
    expect((await listPlatforms(deps, owner)).plataformas).toMatchObject([{ paginas: final.paginas, publicada: true }]);
  });
});
