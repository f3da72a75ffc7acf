import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { invoke } from './invoke';
import { enter, launchTicket, login, ROLE, site, type Registration, type Ticket } from './lti-flow';
import type { TestPlatform } from './lti-platform';

// The LMS side of Deep Linking 2.0 (1EdTech, https://www.imsglobal.org/spec/lti-dl/v2p0), written on jose and
// not on Mentora's code: the deep-linking request built from the specification's own example message, and the
// platform's check of the answer: its signature against Mentora's published key set, its claims and its items
// as the specification's example response carries them.

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const RETURN_URL = 'https://platform.example/deep_links';
export const SPEC_DATA = 'csrftoken:c7fbba78-7b75-46e3-9201-11e6d5f36f53';

/** The specification's example LtiDeepLinkingRequest claims (its settings verbatim), over a launch's own. */
export const deepLinkingClaims = (o: { sub: string; contextId?: string; roles?: string[]; settings?: Record<string, unknown> }) => ({
  sub: o.sub,
  name: 'Prof. Marta Ruiz',
  [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
  [`${LTI}roles`]: o.roles ?? [ROLE.instructor],
  [`${LTI}context`]: { id: o.contextId ?? 'c1d887f0-a1a3-4bca-ae25-c375edcc131a', label: 'ECON 1010', title: 'Economics as a Social Science' },
  // A deep-linking request names no resource link (Deep Linking 2.0 §4.4).
  [`${LTI}resource_link`]: undefined,
  [`${DL}deep_linking_settings`]: {
    deep_link_return_url: RETURN_URL,
    accept_types: ['link', 'file', 'html', 'ltiResourceLink', 'image'],
    accept_media_types: 'image/*,text/html',
    accept_presentation_document_targets: ['iframe', 'window', 'embed'],
    accept_multiple: true,
    auto_create: true,
    title: 'This is the default title',
    text: 'This is the default text',
    data: SPEC_DATA,
    ...o.settings,
  },
});

export interface Picker { ticket: string; cookie: string; userId: string; accessToken: string }

/** A teacher's deep-linking launch, signed in on /lti/entrar: the picker's ticket (from the fragment) and cookie. */
export async function openPicker(platform: TestPlatform, reg: Registration, claims: Record<string, unknown>): Promise<Picker> {
  const res = await enter(await launchTicket(platform, reg, claims));
  if (res.status !== 200) throw new Error(`sesion answered ${res.status} ${JSON.stringify(res.body)}`);
  const ticket = new URLSearchParams((res.body.destino as string).split('#')[1]).get('seleccion')!;
  const cookie = (res.cookies ?? []).find((c) => c.startsWith('__Host-ltid-'))!.split(';')[0];
  return { ticket, cookie, userId: res.body.user.id, accessToken: res.body.tokens.accessToken };
}

export const pickerOptions = (p: Pick<Picker, 'ticket' | 'cookie' | 'userId'>, cookie: string | null = p.cookie) =>
  invoke('POST /lti/seleccion/opciones', { userId: p.userId, body: { ticket: p.ticket }, headers: cookie ? { cookie } : {} });

/** The picker's form post, as the SPA's form sends it (plus any `extra` fields an attacker adds). */
export const choose = (p: Pick<Picker, 'ticket' | 'cookie'>, elementos: unknown, extra: Record<string, string> = {}, cookie: string | null = p.cookie) =>
  invoke('POST /lti/seleccion', {
    rawBody: new URLSearchParams({ ticket: p.ticket, elementos: JSON.stringify(elementos), ...extra }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
  });

const unescape = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** What the answer's page posts, and where: the form's action and its `JWT` field. */
export function postedForm(html: string): { action: string; jwt: string } {
  const action = /<form id="volver" method="post" action="([^"]*)">/.exec(html)?.[1];
  const jwt = /<input type="hidden" name="JWT" value="([^"]*)">/.exec(html)?.[1];
  if (!action || !jwt) throw new Error(`no form posting a JWT in ${html.slice(0, 200)}`);
  return { action: unescape(action), jwt: unescape(jwt) };
}

export interface ContentItem {
  type: string;
  title: string;
  text?: string;
  url: string;
  lineItem: { scoreMaximum: number; label: string; resourceId: string; tag: string };
}

/**
 * The platform's check of an LtiDeepLinkingResponse (Deep Linking 2.0 §4.5, 1EdTech Security Framework §5.1.3):
 * RS256 signature against the tool's published JWKS (GET /lti/jwks), a kid in the header, iss the client id, aud
 * the platform, fresh iat/exp, a nonce, the request's deployment and `data`, and resource links as the spec's
 * example: a title, a url, a lineItem with a positive scoreMaximum.
 */
export async function verifyDeepLinkingResponse(jwt: string, reg: Pick<Registration, 'issuer' | 'clientId' | 'deploymentId'>) {
  const jwks = (await invoke('GET /lti/jwks')).body;
  const { kid, alg } = decodeProtectedHeader(jwt);
  expect({ alg, kid: typeof kid }).toEqual({ alg: 'RS256', kid: 'string' });
  const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), { issuer: reg.clientId, audience: reg.issuer, algorithms: ['RS256'], maxTokenAge: 600, requiredClaims: ['exp', 'iat', 'nonce'] });
  expect(payload).toMatchObject({
    [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
    [`${LTI}version`]: '1.3.0',
    [`${LTI}deployment_id`]: reg.deploymentId,
  });
  const items = payload[`${DL}content_items`] as ContentItem[];
  expect(Array.isArray(items)).toBe(true);
  for (const item of items) {
    expect(item).toMatchObject({ type: 'ltiResourceLink', title: expect.any(String), url: expect.stringMatching(new RegExp(`^${site()}/`)) });
    expect(item.lineItem.scoreMaximum).toBeGreaterThan(0);
    expect(item.lineItem).toMatchObject({ label: expect.any(String), resourceId: expect.any(String), tag: expect.any(String) });
  }
  return { payload, items, data: payload[`${DL}data`] };
}

export type { Ticket };

/**
 * A deep-linking launch that finished inside the LMS's iframe (the platform's storage path, no cookie kept there):
 * the login's page stored its values at the platform, the launch's page posted them back, /lti/entrar signed the
 * teacher in with the ticket's proof. The picker is then bound by its own proof (`prueba`), not a cookie.
 */
export interface FramedPicker { ticket: string; prueba: string; destino: string; userId: string; cookies?: string[] }

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const storageData = (html: string) => JSON.parse(/<script type="application\/json" id="lti-datos">([^<]*)<\/script>/.exec(html)![1]) as { auth: string; guardar: [string, string][] };

export async function openFramedPicker(platform: TestPlatform, reg: Registration, claims: Record<string, unknown>): Promise<FramedPicker> {
  const { specExampleLaunch } = await import('./lti-platform');
  const form = new URLSearchParams({ iss: reg.issuer, login_hint: '86bd1c6e', target_link_uri: `${site()}/`, client_id: reg.clientId, lti_deployment_id: reg.deploymentId, lti_storage_target: '_parent' });
  const page = await invoke('POST /lti/login', { rawBody: form.toString(), headers: FORM });
  const data = storageData(page.body as string);
  const auth = new URL(data.auth);
  const [state, nonce] = [auth.searchParams.get('state')!, auth.searchParams.get('nonce')!];
  const kept = Object.fromEntries(data.guardar);
  const token = await platform.sign({ ...specExampleLaunch({ issuer: reg.issuer, clientId: reg.clientId, deploymentId: reg.deploymentId, nonce, targetLinkUri: `${site()}/` }), ...claims });
  const launched = await invoke('POST /lti/launch', {
    rawBody: new URLSearchParams({ id_token: token, state, almacen_vinculo: kept[`state_${state}`], almacen_nonce: kept[`nonce_${nonce}`] }).toString(),
    headers: { ...FORM, origin: site(), 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' },
  });
  if (launched.status !== 200) throw new Error(`stored launch answered ${launched.status} ${JSON.stringify(launched.body)}`);
  const { ticket, prueba } = launched.body as { ticket: string; prueba: string };
  const res = await invoke('POST /lti/sesion', { body: { ticket, cuentaNueva: true, prueba } });
  if (res.status !== 200) throw new Error(`sesion answered ${res.status} ${JSON.stringify(res.body)}`);
  const destino = res.body.destino as string;
  return { ticket: new URLSearchParams(destino.split('#')[1]).get('seleccion')!, prueba: res.body.pruebaSeleccion as string, destino, userId: res.body.user.id, cookies: res.cookies };
}

export const framedOptions = (p: Pick<FramedPicker, 'ticket' | 'userId'>, prueba?: string) =>
  invoke('POST /lti/seleccion/opciones', { userId: p.userId, body: { ticket: p.ticket, ...(prueba && { prueba }) } });

/** The framed picker's form post: Mentora's page (Origin: the site) sends the proof in the body; an attacker changes either. */
export const framedChoose = (p: Pick<FramedPicker, 'ticket'>, elementos: unknown, o: { prueba?: string; origin?: string | null } = {}) =>
  invoke('POST /lti/seleccion', {
    rawBody: new URLSearchParams({ ticket: p.ticket, elementos: JSON.stringify(elementos), ...(o.prueba && { prueba: o.prueba }) }).toString(),
    headers: { ...FORM, ...(o.origin !== null && { origin: o.origin ?? site() }) },
  });

/**
 * The LMS's return page as Moodle's (mod/lti/contentitem_return.php with its AMD module mod_lti/contentitem_return):
 * it hands what it received to the course page that opened the "Select content" dialog, by a function of that page:
 *     if (window != top) { parent.processContentItemReturnData(returnData); } else { window.processContentItemReturnData(returnData); }
 * Top-level (an answer posted from a tab the LMS did not open) that function does not exist and the dialog never
 * gets the item: why the picker must post its answer from inside the dialog's frame (docs/lti.md "Deep Linking").
 */
export function moodleReturnPage(items: readonly { title: string }[]): string {
  const data = JSON.stringify({ items }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Moodle</title></head><body>
<p>Contenido seleccionado.</p>
<script>var returnData = ${data};
if (window != top) { parent.processContentItemReturnData(returnData); } else { window.processContentItemReturnData(returnData); }</script>
</body></html>`;
}

/** The course page's side of Moodle's dialog: receives the items, closes the dialog, lists them (the test reads `window.recibido`). */
export const MOODLE_DIALOG_SCRIPT = `window.recibido = null;
window.processContentItemReturnData = function (data) {
  window.recibido = data;
  var dialog = document.getElementById('dialogo');
  if (dialog) dialog.remove();
  var list = document.getElementById('actividades');
  data.items.forEach(function (item) { var li = document.createElement('li'); li.textContent = item.title; list.appendChild(li); });
  document.getElementById('estado').textContent = 'Actividad añadida desde Mentora';
};`;

/**
 * The new-tab way (docs/lti.md "Deep Linking"): a deep-linking launch framed by a platform without its storage.
 * The framed page: the new tab's login URL (with the relay's id) and the relay's secret in its "Ya elegí" form.
 */
export async function framedNewTab(platform: TestPlatform, reg: Registration, claims: Record<string, unknown>) {
  const { specExampleLaunch } = await import('./lti-platform');
  const l = await login(reg);
  const token = await platform.sign({ ...specExampleLaunch({ issuer: reg.issuer, clientId: reg.clientId, deploymentId: reg.deploymentId, nonce: l.nonce, targetLinkUri: `${site()}/` }), ...claims });
  const res = await invoke('POST /lti/launch', { rawBody: new URLSearchParams({ id_token: token, state: l.state }).toString(), headers: { ...FORM, 'sec-fetch-dest': 'iframe' } });
  if (res.status !== 200) throw new Error(`framed launch answered ${res.status} ${JSON.stringify(res.body)}`);
  const html = res.body as string;
  const tabUrl = new URL(unescape(/<a class="boton" href="([^"]+)" target="_blank"/.exec(html)![1]));
  const secret = unescape(/<input type="hidden" name="relevo" value="([^"]+)">/.exec(html)![1]);
  return { html, tabUrl, secret, csp: res.headers['content-security-policy'] };
}

/**
 * The new tab: the framed page's link opened top-level (/lti/entrar with the carried launch's ticket and proof in its
 * fragment), "¿Eres tú?" confirmed, then the picker (its cookie, first-party here).
 */
export async function newTabPicker(tabUrl: URL): Promise<Picker> {
  const fragment = new URLSearchParams(tabUrl.hash.replace(/^#/, ''));
  const carried = { ticket: fragment.get('ticket')!, prueba: fragment.get('prueba')!, cuentaNueva: true };
  const asked = await invoke('POST /lti/sesion', { body: carried });
  if (asked.status !== 200 || asked.body.estado !== 'confirmar') throw new Error(`sesion answered ${asked.status} ${JSON.stringify(asked.body)}`);
  const entered = await invoke('POST /lti/sesion', { body: { ...carried, confirmado: true } });
  if (entered.status !== 200) throw new Error(`sesion answered ${entered.status} ${JSON.stringify(entered.body)}`);
  const pickTicket = new URLSearchParams((entered.body.destino as string).split('#')[1]).get('seleccion')!;
  const cookie = (entered.cookies ?? []).find((c) => c.startsWith('__Host-ltid-'))!.split(';')[0];
  return { ticket: pickTicket, cookie, userId: entered.body.user.id, accessToken: entered.body.tokens.accessToken };
}

/** The framed page's "Ya elegí": its relay's secret, from Mentora's page (Origin: the site) unless an attacker says otherwise. */
export const relayPost = (secret: string, origin: string | null = site()) =>
  invoke('POST /lti/seleccion', { rawBody: new URLSearchParams({ relevo: secret }).toString(), headers: { ...FORM, ...(origin !== null && { origin }) } });
