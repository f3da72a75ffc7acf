import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { frameKey } from '../../lambdas/lti/frame-origins';
import { publishingRegistrations, type FrameOrigins } from '../../lambdas/lti/frame-store';
import { domainCountKey, platformKey, registrationId } from '../../lambdas/lti/lti-items';
import { dynamoLtiStore } from '../../lambdas/lti/lti-store';
import { REGISTRATION } from '../../lambdas/lti/messages';
import { registerDynamically } from '../../lambdas/lti/dynamic-registration';
import { removePlatform } from '../../lambdas/lti/platform-admin';
import { listPlatforms, registerPlatform, updatePlatform } from '../../lambdas/lti/platforms';
import { registrableDomain } from '../../lambdas/lti/registrable-domain';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { login, site } from '../support/lti-flow';
import { specExampleLaunch, startPlatform, type TestPlatform } from '../support/lti-platform';

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
  /** The frame store, refusing while `down`. */
  function frames() {
    const published = new Map<string, string>();
    const state = { down: true, withdrawn: [] as string[] };
    const origins: FrameOrigins = {
      publish: (p) => (state.down ? Promise.reject(new Error('ServiceUnavailable')) : Promise.resolve(void published.set(frameKey(p.issuer, p.clientId), [p.issuer, ...(p.paginas ?? [])].join(' ')))),
      withdraw: (p) => Promise.resolve(void state.withdrawn.push(frameKey(p.issuer, p.clientId))),
    };
    return { origins, published, state };
  }

  it('says "no publicada" until published again; publishing again is idempotent; the operator\'s deletion withdraws the key', async () => {
    const kvs = frames();
    const store = publishingRegistrations(dynamoLtiStore(documentClient(), process.env.TABLE_NAME!), kvs.origins);
    const deps = { store, site: { origin: site() }, now: () => new Date(), schemes: ['http:', 'https:'] };
    const owner = crypto.randomUUID();
    const lms = schoolLms();
    await registerPlatform(deps, owner, { ...registration(lms), paginas: [CANVAS_PAGES] });
    expect((await listPlatforms(deps, owner)).plataformas).toMatchObject([{ issuer: lms.issuer, publicada: false }]);
    const id = registrationId(lms.issuer, lms.clientId);
    // Still down: still not published, and nothing else changes.
    expect(await updatePlatform(deps, owner, id, { publicar: true })).toMatchObject({ publicada: false });
    kvs.state.down = false;
    await updatePlatform(deps, owner, id, { publicar: true });
    const key = frameKey(lms.issuer, lms.clientId);
    expect(kvs.published.get(key)).toBe(`${lms.issuer} ${CANVAS_PAGES}`);
    expect((await listPlatforms(deps, owner)).plataformas).toMatchObject([{ publicada: true, paginas: [CANVAS_PAGES], deployments: [DEPLOYMENT] }]);
    const before = await get(platformKey(lms.issuer, lms.clientId));
    await updatePlatform(deps, owner, id, { publicar: true });
    expect(kvs.published.get(key)).toBe(`${lms.issuer} ${CANVAS_PAGES}`);
    expect({ ...(await get(platformKey(lms.issuer, lms.clientId))), actualizadoEn: 0 }).toEqual({ ...before, actualizadoEn: 0 });
    expect((await removePlatform(store, lms.issuer, lms.clientId)).hecho).toBe(true);
    expect(kvs.state.withdrawn).toEqual([key]);
  });

  it('PUT { publicar: true } answers the registration, published', async () => {
    const owner = crypto.randomUUID();
    const { body } = await post(owner, registration(schoolLms()));
    expect(await put(owner, body.data.id, { publicar: true })).toMatchObject({ status: 200, body: { data: { publicada: true } } });
  });
});
