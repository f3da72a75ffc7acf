import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { frameKey } from '../../lambdas/lti/frame-origins';
import { stateKey } from '../../lambdas/lti/lti-items';
import { ENTRY, REFUSAL } from '../../lambdas/lti/messages';
import { LAUNCH_SCRIPT, LOGIN_SCRIPT } from '../../lambdas/lti/storage-scripts';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { person, register, ROLE, site, type Registration } from '../support/lti-flow';
import { specExampleLaunch, startPlatform, type TestPlatform } from '../support/lti-platform';
import { startDrPlatform } from '../support/lti-dr-platform';

// Issue 45 item 2's last point (docs/lti.md "Inside the LMS's iframe"): the OIDC login and launch when the browser
// keeps no cookie in the LMS's iframe, through the platform's client-side storage (1EdTech LTI Client Side
// postMessages). The attacker's tests first: a state carried to another browser finds another value (or none)
// in that browser's platform storage; a post that is not Mentora's own page; a replay; each refused, nothing spent.

let platform: TestPlatform;
beforeAll(async () => { platform = await startPlatform(); });
afterAll(() => platform.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CONTEXT = 'c1d887f0-a1a3-4bca-ae25-c375edcc131a';
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="lti-datos">([^<]*)<\/script>/.exec(html)![1]) as Record<string, unknown>;

interface StorageLogin { state: string; nonce: string; binding: string; cookie: string; auth: URL; html: string; headers: Record<string, string> }

/** The login initiation with `lti_storage_target`: its page stores the binding value and the nonce at the platform. */
async function storageLogin(reg: Registration, target = 'post_message_forwarding'): Promise<StorageLogin> {
  const form = new URLSearchParams({ iss: reg.issuer, login_hint: '86bd1c6e', target_link_uri: `${site()}/`, client_id: reg.clientId, lti_deployment_id: reg.deploymentId, lti_storage_target: target });
  const res = await invoke('POST /lti/login', { rawBody: form.toString(), headers: FORM });
  expect(res.status).toBe(200);
  const data = dataOf(res.body) as { auth: string; origen: string; destino: string; guardar: [string, string][] };
  const auth = new URL(data.auth);
  const state = auth.searchParams.get('state')!;
  const nonce = auth.searchParams.get('nonce')!;
  const stored = Object.fromEntries(data.guardar);
  return { state, nonce, binding: stored[`state_${state}`], cookie: res.headers['set-cookie'].split(';')[0], auth, html: res.body, headers: res.headers };
}

const claimsFor = (reg: Registration, l: { nonce: string }, over: Record<string, unknown> = {}) => ({
  ...specExampleLaunch({ issuer: reg.issuer, clientId: reg.clientId, deploymentId: reg.deploymentId, nonce: l.nonce, targetLinkUri: `${site()}/` }),
  ...over,
});
/** The platform's form post inside its iframe (no cookie kept there). */
const framedLaunch = (idToken: string, state: string) =>
  invoke('POST /lti/launch', { rawBody: new URLSearchParams({ id_token: idToken, state }).toString(), headers: { ...FORM, 'sec-fetch-dest': 'iframe' } });
/** The launch's page posting it again with what the platform's storage answered (same origin, no cookie). */
const storedLaunch = (idToken: string, state: string, vinculo: string, nonce: string, origin = site()) =>
  invoke('POST /lti/launch', {
    rawBody: new URLSearchParams({ id_token: idToken, state, almacen_vinculo: vinculo, almacen_nonce: nonce }).toString(),
    headers: { ...FORM, origin, 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' },
  });
/** The launch's page, its storage having failed, posting the launch again in the frame to be carried (its form). */
const carryLaunch = (idToken: string, state: string, origin = site()) =>
  invoke('POST /lti/launch', { rawBody: new URLSearchParams({ id_token: idToken, state, llevar: '1' }).toString(), headers: { ...FORM, origin, 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' } });
/** The carried launch's link in the framed page: /lti/entrar with the ticket and its proof. */
const tabOf = (html: string) => {
  const tab = new URL(/href="([^"]+)" target="_blank" rel="noopener"/.exec(html)![1].replace(/&#38;/g, '&'));
  const fragment = new URLSearchParams(tab.hash.slice(1));
  return { at: tab.origin + tab.pathname, ticket: fragment.get('ticket')!, prueba: fragment.get('prueba')! };
};
const stateItem = async (state: string) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: stateKey(state), ConsistentRead: true }))).Item;

describe('the login with the platform\'s storage (lti_storage_target)', () => {
  it('answers a page the platform alone may frame, which stores the state\'s binding value and the nonce, then goes to the platform', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    expect(l.headers['content-type']).toMatch(/^text\/html/);
    const csp = l.headers['content-security-policy'];
    expect(csp).toContain(`frame-ancestors ${new URL(reg.issuer).origin}`);
    expect(csp).toContain(`script-src ${hashOf(LOGIN_SCRIPT)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('connect-src');
    expect(l.html).toContain(`<script>${LOGIN_SCRIPT}</script>`);
    const data = dataOf(l.html);
    expect(data).toMatchObject({ origen: new URL(platform.url).origin, destino: 'post_message_forwarding', guardar: [[`state_${l.state}`, l.binding], [`nonce_${l.nonce}`, l.nonce]] });
    expect(l.binding).toMatch(/^[\w-]{43}$/);
    expect(Object.fromEntries(l.auth.searchParams)).toMatchObject({ response_mode: 'form_post', client_id: reg.clientId, redirect_uri: `${site()}/api/lti/launch` });
    // The same value in the cookie, for a browser that keeps it; the state remembers the storage frame.
    expect(l.cookie.split('=')[1]).toBe(l.binding);
    expect(await stateItem(l.state)).toMatchObject({ almacen: 'post_message_forwarding' });
  });

  it('a storage target that is not a frame name is ignored: the usual redirect', async () => {
    const reg = await register(platform);
    const form = new URLSearchParams({ iss: reg.issuer, login_hint: 'x', target_link_uri: `${site()}/`, client_id: reg.clientId, lti_storage_target: '"><script>' });
    const res = await invoke('POST /lti/login', { rawBody: form.toString(), headers: FORM });
    expect(res.status).toBe(302);
  });
});

describe('the launch inside the iframe, finished through the platform\'s storage', () => {
  it('the framed launch answers the page that reads the values back; nothing is spent', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const token = await platform.sign(claimsFor(reg, l));
    const res = await framedLaunch(token, l.state);
    expect(res.status).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain(`script-src ${hashOf(LAUNCH_SCRIPT)}`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`frame-ancestors ${new URL(reg.issuer).origin} https://platform.example.edu`);
    expect(dataOf(res.body)).toMatchObject({
      origen: new URL(platform.url).origin, destino: 'post_message_forwarding', claves: { estado: `state_${l.state}`, nonce: `nonce_${l.nonce}` },
      envio: { id_token: token, state: l.state }, accion: `${site()}/api/lti/launch`,
    });
    // The way out when the storage fails: this launch posted again to be carried, never a second login (the
    // platform's lti_message_hint is single-use on Moodle and Canvas). Its form may post to Mentora only.
    expect(csp).toContain(`form-action ${site()}`);
    expect(res.body).toContain(`<form id="llevar" method="post" action="${site()}/api/lti/launch" hidden>`);
    expect(res.body).toContain('<input type="hidden" name="llevar" value="1">');
    expect(res.body).not.toContain('/api/lti/login');
    expect(await stateItem(l.state)).toBeDefined();
  });

  it('the values from the storage complete the launch; the ticket\'s proof signs in without any cookie, in the frame\'s own /lti/entrar', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const token = await platform.sign(claimsFor(reg, l, person(crypto.randomUUID(), [ROLE.learner], CONTEXT, 'Ana Pérez')));
    const res = await storedLaunch(token, l.state, l.binding, l.nonce);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.cookies).toBeUndefined();
    const { destino, ticket, prueba } = res.body as { destino: string; ticket: string; prueba: string };
    expect(destino).toBe(`${site()}/lti/entrar?marco=${frameKey(reg.issuer, reg.clientId)}#ticket=${ticket}`);
    expect(prueba).toMatch(/^[\w-]{43}$/);
    expect(await stateItem(l.state)).toBeUndefined();

    // The ticket alone (a link someone was sent) signs nobody in, nor does another proof.
    expect(await invoke('POST /lti/sesion', { body: { ticket, cuentaNueva: true } })).toMatchObject({ status: 401, body: { message: ENTRY.otherBrowser } });
    expect(await invoke('POST /lti/sesion', { body: { ticket, cuentaNueva: true, prueba: 'x'.repeat(43) } })).toMatchObject({ status: 401, body: { message: ENTRY.otherBrowser } });
    const entered = await invoke('POST /lti/sesion', { body: { ticket, cuentaNueva: true, prueba } });
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ estado: 'dentro', user: { nombre: 'Ana Pérez' } });
  });

  it('a state replayed from another browser: that browser\'s storage holds another value (or none), refused, nothing spent', async () => {
    const reg = await register(platform);
    const victim = await storageLogin(reg);
    const attacker = await storageLogin(reg);
    const token = await platform.sign(claimsFor(reg, victim));
    for (const [vinculo, nonce] of [[attacker.binding, victim.nonce], [victim.binding, attacker.nonce], [victim.state, victim.nonce], ['', victim.nonce]]) {
      expect(await storedLaunch(token, victim.state, vinculo, nonce)).toMatchObject({ status: 401, body: { success: false, message: REFUSAL.storageMismatch } });
    }
    // The genuine values, in the victim's browser, still land.
    expect((await storedLaunch(token, victim.state, victim.binding, victim.nonce)).status).toBe(200);
  });

  it('only Mentora\'s own page may post the values (Origin), and a replay finds state and nonce spent', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const token = await platform.sign(claimsFor(reg, l));
    expect(await storedLaunch(token, l.state, l.binding, l.nonce, 'https://atacante.example')).toMatchObject({ status: 403, body: { message: REFUSAL.storageOrigin } });
    expect((await storedLaunch(token, l.state, l.binding, l.nonce)).status).toBe(200);
    expect(await storedLaunch(token, l.state, l.binding, l.nonce)).toMatchObject({ status: 401, body: { message: REFUSAL.stateUnknown } });
  });

  it('twenty posts of the same values at once land once (nonce single use)', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const token = await platform.sign(claimsFor(reg, l));
    const answers = await Promise.all(Array.from({ length: 20 }, () => storedLaunch(token, l.state, l.binding, l.nonce)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(19);
  });

  it('a login without the platform\'s storage cannot be finished by storage values, even the right ones', async () => {
    const reg = await register(platform);
    const res = await invoke('POST /lti/login', { rawBody: new URLSearchParams({ iss: reg.issuer, login_hint: 'x', target_link_uri: `${site()}/`, client_id: reg.clientId }).toString(), headers: FORM });
    const auth = new URL(res.headers.location);
    const [state, nonce] = [auth.searchParams.get('state')!, auth.searchParams.get('nonce')!];
    const binding = res.headers['set-cookie'].split(';')[0].split('=')[1];
    const token = await platform.sign(claimsFor(reg, { nonce }));
    expect(await storedLaunch(token, state, binding, nonce)).toMatchObject({ status: 401, body: { message: REFUSAL.storageMismatch } });
  });

  it('a deep-linking launch in the iframe reads the values back too (its picker then runs in the frame, bound by a proof)', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const { deepLinkingClaims } = await import('../support/lti-deep-linking');
    const token = await platform.sign(claimsFor(reg, l, deepLinkingClaims({ sub: crypto.randomUUID(), settings: { deep_link_return_url: `${platform.url}/deep_links` } })));
    const res = await framedLaunch(token, l.state);
    expect(res.status).toBe(200);
    expect(dataOf(res.body)).toMatchObject({ envio: { id_token: token, state: l.state } });
    expect(await stateItem(l.state)).toBeDefined();
  });
});

describe('the storage that fails inside the iframe: the launch carried to a new tab (never a second login)', () => {
  it('the page\'s form posts the launch again: done in the frame, a link to /lti/entrar that asks "¿Eres tú?" first', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const token = await platform.sign(claimsFor(reg, l, person(crypto.randomUUID(), [ROLE.learner], CONTEXT, 'Ana Pérez')));
    expect((await framedLaunch(token, l.state)).status).toBe(200);
    const res = await carryLaunch(token, l.state);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${new URL(reg.issuer).origin} https://platform.example.edu`);
    expect(res.cookies).toBeUndefined();
    const tab = tabOf(res.body);
    expect(tab.at).toBe(`${site()}/lti/entrar`);
    // Spent here: the same post, or the storage's values, find nothing now.
    expect(await stateItem(l.state)).toBeUndefined();
    expect((await carryLaunch(token, l.state)).status).toBe(401);
    expect((await storedLaunch(token, l.state, l.binding, l.nonce)).status).toBe(401);
    // Whom it signs in is asked first; confirmed with its proof, the LMS identity's own account.
    expect(await invoke('POST /lti/sesion', { body: { ticket: tab.ticket, prueba: tab.prueba, cuentaNueva: true } })).toMatchObject({ status: 200, body: { estado: 'confirmar', nombre: 'Ana Pérez' } });
    const entered = await invoke('POST /lti/sesion', { body: { ticket: tab.ticket, prueba: tab.prueba, cuentaNueva: true, confirmado: true } });
    expect(entered).toMatchObject({ status: 200, body: { estado: 'dentro', user: { nombre: 'Ana Pérez' } } });
  });

  it('attacks: another origin\'s post is refused and spends nothing; a login begun without the storage cannot ask for it; twenty at once land once', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const token = await platform.sign(claimsFor(reg, l));
    expect(await carryLaunch(token, l.state, 'https://atacante.example')).toMatchObject({ status: 403, body: { message: REFUSAL.storageOrigin } });
    expect(await stateItem(l.state)).toBeDefined();
    const answers = await Promise.all(Array.from({ length: 20 }, () => carryLaunch(token, l.state)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(19);

    // A top-level launch whose browser lost its cookie stays refused: asking to be carried changes nothing there.
    const plain = await invoke('POST /lti/login', { rawBody: new URLSearchParams({ iss: reg.issuer, login_hint: 'x', target_link_uri: `${site()}/`, client_id: reg.clientId }).toString(), headers: FORM });
    const auth = new URL(plain.headers.location);
    const plainToken = await platform.sign(claimsFor(reg, { nonce: auth.searchParams.get('nonce')! }));
    const topLevel = await invoke('POST /lti/launch', { rawBody: new URLSearchParams({ id_token: plainToken, state: auth.searchParams.get('state')!, llevar: '1' }).toString(), headers: { ...FORM, origin: site() } });
    expect(topLevel).toMatchObject({ status: 401, body: { message: REFUSAL.otherBrowser } });
    expect(await stateItem(auth.searchParams.get('state')!)).toBeDefined();
  });

  it('a deep-linking launch carried from the storage page keeps its way back into the dialog ("Ya elegí")', async () => {
    const reg = await register(platform);
    const l = await storageLogin(reg);
    const { deepLinkingClaims } = await import('../support/lti-deep-linking');
    const token = await platform.sign(claimsFor(reg, l, deepLinkingClaims({ sub: crypto.randomUUID(), settings: { deep_link_return_url: `${platform.url}/deep_links` } })));
    const res = await carryLaunch(token, l.state);
    expect(res.status).toBe(200);
    expect(tabOf(res.body).at).toBe(`${site()}/lti/entrar`);
    expect(res.body).toContain('Ya elegí');
    expect(res.body).toMatch(/<input type="hidden" name="relevo" value="[\w-]+">/);
  });
});

describe('Dynamic Registration\'s window (org.imsglobal.lti.close)', () => {
  it('a browser\'s window gets a page the platform may frame, which tells the LMS to close it; a refusal is a page without it', async () => {
    const dr = await startDrPlatform();
    try {
      const query = { openid_configuration: dr.configurationUrl, registration_token: dr.token };
      const res = await invoke('GET /lti/registro', { query, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.status).toBe(201);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain("postMessage({ subject: 'org.imsglobal.lti.close' }, '*')");
      expect(res.body).toContain('Mentora quedó registrada en tu plataforma.');
      const script = /<script>([^<]*)<\/script>/.exec(res.body)![1];
      expect(res.headers['content-security-policy']).toContain(`script-src ${hashOf(script)}`);
      expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${new URL(dr.url).origin}`);
      // The same token again: the platform refuses it; the window reads why, and is not closed under the administrator.
      const again = await invoke('GET /lti/registro', { query: { ...query, openid_configuration: `${dr.url}/nada` }, headers: { accept: 'text/html' } });
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.body).toContain('No se registró Mentora');
      expect(again.body).not.toContain('org.imsglobal.lti.close');
    } finally {
      await dr.close();
    }
  });
});
