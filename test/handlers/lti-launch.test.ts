import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { launchKey } from '../../lambdas/lti/lti-items';
import { REFUSAL } from '../../lambdas/lti/messages';
import { JWKS_COOLDOWN_MS } from '../../lambdas/lti/platform-keys';
import { secretsManagerToolKeys } from '../../lambdas/lti/tool-keys';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { initiate, login, postLaunch, register, site, type Login, type Registration } from '../support/lti-flow';
import { platformKey, signWith, specExampleLaunch, startPlatform, type TestPlatform } from '../support/lti-platform';
import { describeRoutes } from '../support/route-cases';
import { cases } from './lti.cases';

// Issue 45 item 6, the attacker's tests of the trusted launch (docs/lti.md): an LMS-side platform on jose
// (test/support/lti-platform.ts) signs the 1EdTech specification's example launch; each forged or replayed
// launch is refused with its Spanish message, and the refusal spends nothing: the same login still completes.

let platform: TestPlatform;
beforeAll(async () => { platform = await startPlatform(); });
afterAll(() => platform.close());

const claimsFor = (reg: Registration, l: Login, over: Record<string, unknown> = {}) => ({
  ...specExampleLaunch({ issuer: reg.issuer, clientId: reg.clientId, deploymentId: reg.deploymentId, nonce: l.nonce, targetLinkUri: `${site()}/` }),
  ...over,
});
const without = (claims: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(claims).filter(([k]) => k !== name));
const ticketOf = (location: string) => new URL(location).hash.replace('#ticket=', '');
const launchItem = async (ticket: string) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: launchKey(ticket), ConsistentRead: true }))).Item;

async function fresh() {
  const reg = await register(platform);
  return { reg, l: await login(reg) };
}

/** The refusal, then proof it changed nothing: the genuine launch of the same login still lands. */
async function refusedThenGenuine(reg: Registration, l: Login, res: Awaited<ReturnType<typeof postLaunch>>, status: number, message: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { success: false, message } });
  const genuine = await postLaunch(await platform.sign(claimsFor(reg, l)), l.state, l.cookie);
  expect(genuine.status).toBe(302);
}

describe('the launch (1EdTech example message)', () => {
  it('lands a verified launch under a single-use ticket and clears the binding cookie', async () => {
    const { reg, l } = await fresh();
    expect(Object.fromEntries(l.location.searchParams)).toMatchObject({
      scope: 'openid', response_type: 'id_token', response_mode: 'form_post', prompt: 'none', client_id: reg.clientId, redirect_uri: `${site()}/api/lti/launch`, login_hint: '86bd1c6e',
    });
    const res = await postLaunch(await platform.sign(claimsFor(reg, l)), l.state, l.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^${site()}/lti/entrar#ticket=[\\w-]{43}$`));
    expect(res.headers['set-cookie']).toMatch(/^__Host-lti-[\w-]{16}=; Path=\/; Max-Age=0; Secure; HttpOnly; SameSite=None; Partitioned$/);
    expect(await launchItem(ticketOf(res.headers.location))).toMatchObject({
      issuer: reg.issuer, clientId: reg.clientId, deploymentId: reg.deploymentId, sub: 'a6d5c443-1f51-4783-ba1a-7686ffe3b54a',
      messageType: 'LtiResourceLinkRequest', contextId: 'c1d887f0-a1a3-4bca-ae25-c375edcc131a', contextTitle: 'Economics as a Social Science',
      resourceLinkId: '200d101f-2c14-434a-a0f3-57c2a42369fd', nombre: 'Ms Jane Marie Doe',
    });
  });

  it('accepts a single audience given as a string, without azp', async () => {
    const { reg, l } = await fresh();
    const res = await postLaunch(await platform.sign(without(claimsFor(reg, l, { aud: reg.clientId }), 'azp')), l.state, l.cookie);
    expect(res.status).toBe(302);
  });

  it('follows a platform\'s key rotation: a launch signed by its new key lands once the short cooldown after a read passed', async () => {
    const rotating = await startPlatform();
    try {
      const reg = await register(rotating);
      const first = await login(reg);
      expect((await postLaunch(await rotating.sign(claimsFor(reg, first)), first.state, first.cookie)).status).toBe(302);
      await rotating.rotate();
      // Right after this container read the set, an unknown kid is not fetched again (a forged kid cannot make
      // Mentora hammer the platform): refused, nothing spent.
      const early = await login(reg);
      const refused = await postLaunch(await rotating.sign(claimsFor(reg, early)), early.state, early.cookie);
      expect(refused.status).toBe(401);
      await new Promise((r) => setTimeout(r, JWKS_COOLDOWN_MS + 500));
      const later = await login(reg);
      expect((await postLaunch(await rotating.sign(claimsFor(reg, later)), later.state, later.cookie)).status).toBe(302);
    } finally {
      await rotating.close();
    }
  });

  it('reads a JSON null in an optional claim it reads as absent (Canvas sends nulls), not as a malformed launch', async () => {
    const { reg, l } = await fresh();
    const base = claimsFor(reg, l);
    const nulls = {
      name: null, given_name: null, 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': null,
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: '200d101f-2c14-434a-a0f3-57c2a42369fd', title: null },
      'https://purl.imsglobal.org/spec/lti/claim/context': { id: 'c1d887f0-a1a3-4bca-ae25-c375edcc131a', title: null, label: null },
      'https://purl.imsglobal.org/spec/lti/claim/tool_platform': { name: null, guid: 'x' },
    };
    const res = await postLaunch(await platform.sign({ ...base, ...nulls }), l.state, l.cookie);
    expect(res.status).toBe(302);
    const item = await launchItem(ticketOf(res.headers.location));
    expect(item).toMatchObject({ contextId: 'c1d887f0-a1a3-4bca-ae25-c375edcc131a', resourceLinkId: '200d101f-2c14-434a-a0f3-57c2a42369fd' });
    expect(item?.nombre).toBeUndefined();
    expect(item?.contextTitle).toBeUndefined();
  });
});

describe('refused launches (each changes nothing)', () => {
  it('the platform\'s own refusal (an OpenID Connect error posted with the state) is named, not read as an incomplete launch', async () => {
    const { reg, l } = await fresh();
    const body = new URLSearchParams({ error: 'launch_no_longer_valid', error_description: 'The launch has either expired or already been consumed\u0000', state: l.state });
    const res = await invoke('POST /lti/launch', { rawBody: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: l.cookie } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${REFUSAL.platformError} (launch_no_longer_valid: The launch has either expired or already been consumed)`);
    // Nothing spent: the genuine launch of the same login still lands.
    expect((await postLaunch(await platform.sign(claimsFor(reg, l)), l.state, l.cookie)).status).toBe(302);
  });

  it('a replayed id_token: the second post finds its state spent', async () => {
    const { reg, l } = await fresh();
    const token = await platform.sign(claimsFor(reg, l));
    expect((await postLaunch(token, l.state, l.cookie)).status).toBe(302);
    expect(await postLaunch(token, l.state, l.cookie)).toMatchObject({ status: 401, body: { success: false, message: REFUSAL.stateUnknown } });
  });

  it('the same launch posted twice at once lands once (state and nonce are single use)', async () => {
    const { reg, l } = await fresh();
    const token = await platform.sign(claimsFor(reg, l));
    const answers = await Promise.all([postLaunch(token, l.state, l.cookie), postLaunch(token, l.state, l.cookie)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 401]);
    expect(answers.find((a) => a.status === 401)?.body).toEqual({ success: false, message: REFUSAL.stateUnknown });
  });

  it('a nonce used twice: a token carrying another login\'s nonce', async () => {
    const { reg, l } = await fresh();
    const other = await login(reg);
    const stolen = await platform.sign(claimsFor(reg, other));
    await refusedThenGenuine(reg, l, await postLaunch(stolen, l.state, l.cookie), 401, REFUSAL.nonceMismatch);
  });

  it('signed by another key under the platform\'s kid', async () => {
    const { reg, l } = await fresh();
    const forger = { ...(await platformKey()), kid: platform.key.kid };
    await refusedThenGenuine(reg, l, await postLaunch(await signWith(forger, claimsFor(reg, l)), l.state, l.cookie), 401, REFUSAL.badSignature);
  });

  it('signed by a key the platform never published', async () => {
    const { reg, l } = await fresh();
    await refusedThenGenuine(reg, l, await postLaunch(await signWith(await platformKey(), claimsFor(reg, l)), l.state, l.cookie), 401, REFUSAL.badSignature);
  });

  it('an unsigned token (alg none) and one signed HS256 with the public key', async () => {
    const { reg, l } = await fresh();
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsFor(reg, l))}.`;
    expect((await postLaunch(unsigned, l.state, l.cookie)).body).toEqual({ success: false, message: REFUSAL.badSignature });
    const { createHmac } = await import('node:crypto');
    const head = `${b64({ alg: 'HS256', kid: platform.key.kid })}.${b64(claimsFor(reg, l))}`;
    const hs = `${head}.${createHmac('sha256', JSON.stringify(platform.key.publicJwk)).update(head).digest('base64url')}`;
    await refusedThenGenuine(reg, l, await postLaunch(hs, l.state, l.cookie), 401, REFUSAL.badSignature);
  });

  it('for another tool (aud)', async () => {
    const { reg, l } = await fresh();
    const claims = claimsFor(reg, l, { aud: ['otra-herramienta'], azp: 'otra-herramienta' });
    await refusedThenGenuine(reg, l, await postLaunch(await platform.sign(claims), l.state, l.cookie), 401, REFUSAL.otherAudience);
  });

  it('several audiences authorised for another party (azp), or without azp', async () => {
    const { reg, l } = await fresh();
    const other = claimsFor(reg, l, { aud: [reg.clientId, 'otra-herramienta'], azp: 'otra-herramienta' });
    expect((await postLaunch(await platform.sign(other), l.state, l.cookie)).body).toEqual({ success: false, message: REFUSAL.otherParty });
    const none = without(claimsFor(reg, l, { aud: [reg.clientId, 'otra-herramienta'] }), 'azp');
    await refusedThenGenuine(reg, l, await postLaunch(await platform.sign(none), l.state, l.cookie), 401, REFUSAL.otherParty);
  });

  it('from another issuer than the login\'s', async () => {
    const { reg, l } = await fresh();
    const claims = claimsFor(reg, l, { iss: `${platform.url}/otra` });
    await refusedThenGenuine(reg, l, await postLaunch(await platform.sign(claims), l.state, l.cookie), 401, REFUSAL.otherIssuer);
  });

  it('expired, and issued too long ago though not yet expired', async () => {
    const { reg, l } = await fresh();
    const now = Math.floor(Date.now() / 1000);
    const expired = claimsFor(reg, l, { iat: now - 900, exp: now - 300 });
    expect((await postLaunch(await platform.sign(expired), l.state, l.cookie)).body).toEqual({ success: false, message: REFUSAL.expired });
    const old = claimsFor(reg, l, { iat: now - 3600, exp: now + 3600 });
    await refusedThenGenuine(reg, l, await postLaunch(await platform.sign(old), l.state, l.cookie), 401, REFUSAL.expired);
  });

  it('issued in the future', async () => {
    const { reg, l } = await fresh();
    const now = Math.floor(Date.now() / 1000);
    const future = claimsFor(reg, l, { iat: now + 3600, exp: now + 7200 });
    await refusedThenGenuine(reg, l, await postLaunch(await platform.sign(future), l.state, l.cookie), 401, REFUSAL.badTime);
  });

  it('missing its deployment, or for a deployment never registered', async () => {
    const { reg, l } = await fresh();
    const missing = without(claimsFor(reg, l), 'https://purl.imsglobal.org/spec/lti/claim/deployment_id');
    expect((await postLaunch(await platform.sign(missing), l.state, l.cookie)).body).toEqual({ success: false, message: REFUSAL.missingDeployment });
    const unknown = claimsFor(reg, l, { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-desconocido' });
    await refusedThenGenuine(reg, l, await postLaunch(await platform.sign(unknown), l.state, l.cookie), 401, REFUSAL.unknownDeployment);
  });

  it('from another browser: no binding cookie, or another login\'s', async () => {
    const { reg, l } = await fresh();
    const token = await platform.sign(claimsFor(reg, l));
    expect((await postLaunch(token, l.state)).body).toEqual({ success: false, message: REFUSAL.otherBrowser });
    const other = await login(reg);
    const swapped = `${l.cookie.split('=')[0]}=${other.cookie.split('=')[1]}`;
    await refusedThenGenuine(reg, l, await postLaunch(token, l.state, swapped), 401, REFUSAL.otherBrowser);
  });

  it('a state Mentora never issued', async () => {
    const { reg, l } = await fresh();
    const res = await postLaunch(await platform.sign(claimsFor(reg, l)), 'estado-inventado', l.cookie);
    expect(res).toMatchObject({ status: 401, body: { success: false, message: REFUSAL.stateUnknown } });
  });

  it('not an LTI 1.3 message (version)', async () => {
    const { reg, l } = await fresh();
    const claims = claimsFor(reg, l, { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' });
    await refusedThenGenuine(reg, l, await postLaunch(await platform.sign(claims), l.state, l.cookie), 400, REFUSAL.malformed);
  });
});

describe('login initiation refusals', () => {
  it('an unknown platform, an unknown deployment, a target off Mentora, missing fields', async () => {
    const reg = await register(platform);
    expect((await initiate({ ...reg, issuer: `${platform.url}/nadie` })).body).toEqual({ success: false, message: REFUSAL.unknownPlatform });
    expect((await initiate(reg, { lti_deployment_id: 'otro' })).body).toEqual({ success: false, message: REFUSAL.unknownDeployment });
    expect((await initiate(reg, { target_link_uri: 'https://atacante.example/robar' })).body).toEqual({ success: false, message: REFUSAL.foreignTarget });
    expect((await initiate(reg, { login_hint: '' })).body).toEqual({ success: false, message: REFUSAL.loginIncomplete });
  });
});

describe('registration', () => {
  it('the first registration of an issuer and client id stays: a second one is refused', async () => {
    const reg = await register(platform);
    const res = await invoke('POST /lti/plataformas', {
      userId: crypto.randomUUID(),
      body: { issuer: reg.issuer, clientId: reg.clientId, authUrl: `${platform.url}/auth`, jwksUrl: `${platform.url}/otras-claves`, deployments: ['x'] },
    });
    expect(res).toMatchObject({ status: 409, body: { success: false, message: REFUSAL.platformTaken } });
  });
});

describe('the tool\'s key set', () => {
  it('publishes only public halves, and they verify what the tool signs', async () => {
    const res = await invoke('GET /lti/jwks');
    expect(res.status).toBe(200);
    expect(res.body.keys.length).toBeGreaterThan(0);
    for (const key of res.body.keys) expect(Object.keys(key).filter((k) => ['d', 'p', 'q', 'dp', 'dq', 'qi'].includes(k))).toEqual([]);
    const signed = await secretsManagerToolKeys(process.env.LTI_KEYS_SECRET_ARN!).sign({ iss: 'mentora', aud: 'plataforma' });
    await expect(jwtVerify(signed, createLocalJWKSet(res.body))).resolves.toMatchObject({ payload: { iss: 'mentora' } });
  });
});

describeRoutes(cases);
