import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { frameKey } from '../../lambdas/lti/frame-origins';
import { deepLinkingClaims, MOODLE_DIALOG_SCRIPT, moodleReturnPage } from '../support/lti-deep-linking';
import { platformKey, signWith, specExampleLaunch, type PlatformKey } from '../support/lti-platform';
import { BASE, api, describeE2E, launch, newPage, registeredLearner, seriousViolations, sidewaysOverflow, signIn, until, WIDTHS } from './helpers';

// Issue 45 in Chromium: a teacher opens Mentora from an LMS course page that shows the tool in an iframe (an
// LMS on loopback, another origin, written here on jose: its course page, its OIDC authentication endpoint
// and key set). Inside the frame Mentora shows its one framable page; "Abrir Mentora en una pestaña nueva"
// runs the login again top-level and lands the teacher, signed in without a password, in the aula of the LMS
// course. Then Deep Linking (item 3): the LMS's "Añadir actividad" opens the picker, the teacher picks a module's
// evaluation, and the LMS receives the signed item (checked here with jose against Mentora's JWKS); a learner
// launched from it is told first which platform receives their grade (item 4). Each screen at 1280 and 390 px
// (MENTORA_SHOTS_DIR=<dir> saves them), axe clean.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
const shot = async (page: Page, name: string, width: number) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `lti-${name}-${width}.png`), fullPage: true });
};

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const autoPost = (action: string, fields: Record<string, string>) => `<!doctype html><html lang="es"><body>
<form id="f" method="post" action="${esc(action)}">${Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('')}</form>
<script>document.getElementById('f').submit()</script></body></html>`;

interface ContentItem { type: string; title: string; url: string; lineItem: { scoreMaximum: number; label: string; resourceId: string; tag: string } }
interface Lms { url: string; issuer: string; clientId: string; deploymentId: string; received: ContentItem[]; target: string; close(): Promise<void> }

const LEARNER_SUB = randomUUID();

/** The LMS page's client-side storage (1EdTech LTI Client Side postMessages): values kept per origin, answered to the sender. */
const PLATFORM_STORAGE = `window.almacen = {};
addEventListener('message', function (e) {
  var m = e.data;
  if (!m || typeof m !== 'object' || typeof m.subject !== 'string') return;
  function reply(f) { f.subject = m.subject + '.response'; f.message_id = m.message_id; e.source.postMessage(f, e.origin); }
  if (m.subject === 'lti.capabilities') return reply({ supported_messages: [{ subject: 'lti.put_data' }, { subject: 'lti.get_data' }] });
  var box = window.almacen[e.origin] = window.almacen[e.origin] || {};
  if (m.subject === 'lti.put_data') { box[m.key] = m.value; return reply({ key: m.key, value: m.value }); }
  if (m.subject === 'lti.get_data') return reply(m.key in box ? { key: m.key, value: box[m.key] } : { key: m.key, error: { code: 'bad_request', message: 'sin valor' } });
});
`;
const formOf = (req: http.IncomingMessage) => new Promise<URLSearchParams>((resolve) => {
  let body = '';
  req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  req.on('end', () => resolve(new URLSearchParams(body)));
});

/** The LMS: a course page framing the tool, the login initiation it starts, its authentication endpoint, its keys. */
async function startLms(key: PlatformKey, teacherSub: string): Promise<Lms> {
  // One object the server and the test share: what the LMS received, and the target its next launch names.
  const lms: Lms = { url: '', issuer: '', clientId: randomUUID(), deploymentId: randomUUID(), received: [], target: `${BASE}/`, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', lms.issuer);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (url.pathname === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [key.publicJwk] }));
    if (url.pathname === '/curso') {
      return void html(`<!doctype html><html lang="es"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Economía 1010</title>
<style>body{font-family:sans-serif;margin:0}header{background:#f98012;color:#fff;padding:1rem}iframe{border:0;width:100%;height:420px}</style></head>
<body><header><h1>Economics as a Social Science</h1></header><main><iframe title="Mentora" src="/iniciar"></iframe></main></body></html>`);
    }
    // The LMS starts the third-party initiated login inside its frame (a form post, as Moodle does).
    if (url.pathname === '/iniciar') {
      return void html(autoPost(`${BASE}/api/lti/login`, { iss: lms.issuer, login_hint: teacherSub, target_link_uri: `${BASE}/`, client_id: lms.clientId, lti_deployment_id: lms.deploymentId }));
    }
    // A course page whose frame keeps no cookie (Safari; Chrome blocking third-party cookies): the LMS offers its
    // client-side storage (1EdTech LTI Client Side postMessages) to the frame, keeping values per origin.
    if (url.pathname === '/curso-almacen') {
      return void html(`<!doctype html><html lang="es"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Economía 1010</title>
<style>body{font-family:sans-serif;margin:0}header{background:#f98012;color:#fff;padding:1rem}iframe{border:0;width:100%;height:640px}</style></head>
<body><header><h1>Economics as a Social Science</h1></header><main><iframe title="Mentora" src="/iniciar-almacen"></iframe></main>
<script>${PLATFORM_STORAGE}</script></body></html>`);
    }
    // The same course page offering its storage to the login, but whose storage never answers (a script blocked, a
    // platform that names lti_storage_target and does not implement it): the launch's page gives up after its wait.
    if (url.pathname === '/curso-almacen-mudo') {
      return void html(`<!doctype html><html lang="es"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Economía 1010</title>
<style>body{font-family:sans-serif;margin:0}header{background:#9a3412;color:#fff;padding:1rem}iframe{border:0;width:100%;height:420px}</style></head>
<body><header><h1>Economics as a Social Science</h1></header><main><iframe title="Mentora" src="/iniciar-almacen"></iframe></main></body></html>`);
    }
    // Moodle's "Select content": a dialog (an iframe) on the course page, whose return page hands the items to this
    // page's processContentItemReturnData (test/support/lti-deep-linking.ts moodleReturnPage). With the storage, so
    // that Mentora's launch, and its picker, finish inside the dialog.
    if (url.pathname === '/curso-elegir') {
      return void html(`<!doctype html><html lang="es"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Economía 1010</title>
<style>body{font-family:sans-serif;margin:0}header{background:#9a3412;color:#fff;padding:1rem}main{padding:0 1rem}iframe{border:1px solid #ccc;width:100%;height:720px;box-sizing:border-box}</style></head>
<body><header><h1>Economics as a Social Science</h1></header><main><h2 id="estado">Seleccionar contenido</h2><ul id="actividades"></ul>
<iframe id="dialogo" title="Seleccionar contenido" src="/anadir-almacen"></iframe></main>
<script>${PLATFORM_STORAGE}
${MOODLE_DIALOG_SCRIPT}</script></body></html>`);
    }
    // The same dialog on a platform that offers no storage (Moodle in Safari): the picker runs in a new tab.
    if (url.pathname === '/curso-elegir-pestana') {
      return void html(`<!doctype html><html lang="es"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Economía 1010</title>
<style>body{font-family:sans-serif;margin:0}header{background:#9a3412;color:#fff;padding:1rem}main{padding:0 1rem}iframe{border:1px solid #ccc;width:100%;height:420px;box-sizing:border-box}</style></head>
<body><header><h1>Economics as a Social Science</h1></header><main><h2 id="estado">Seleccionar contenido</h2><ul id="actividades"></ul>
<iframe id="dialogo" title="Seleccionar contenido" src="/anadir-marco"></iframe></main>
<script>${MOODLE_DIALOG_SCRIPT}</script></body></html>`);
    }
    if (url.pathname === '/anadir-marco') {
      return void html(autoPost(`${BASE}/api/lti/login`, { iss: lms.issuer, login_hint: 'profesor-elige', target_link_uri: `${BASE}/`, client_id: lms.clientId, lti_deployment_id: lms.deploymentId }));
    }
    if (url.pathname === '/anadir-almacen') {
      return void html(autoPost(`${BASE}/api/lti/login`, { iss: lms.issuer, login_hint: 'profesor-elige', target_link_uri: `${BASE}/`, client_id: lms.clientId, lti_deployment_id: lms.deploymentId, lti_storage_target: '_parent' }));
    }
    if (url.pathname === '/iniciar-almacen') {
      return void html(autoPost(`${BASE}/api/lti/login`, { iss: lms.issuer, login_hint: 'estudiante', target_link_uri: lms.target, client_id: lms.clientId, lti_deployment_id: lms.deploymentId, lti_storage_target: '_parent' }));
    }
    // "Añadir actividad" (a deep-linking request) and a learner's launch of the linked activity, top-level.
    if (url.pathname === '/anadir' || url.pathname === '/aprender') {
      const hint = url.pathname === '/anadir' ? 'profesor-elige' : 'estudiante';
      return void html(autoPost(`${BASE}/api/lti/login`, { iss: lms.issuer, login_hint: hint, target_link_uri: lms.target, client_id: lms.clientId, lti_deployment_id: lms.deploymentId }));
    }
    // The deep-linking return URL: the platform checks the answer against the tool's published keys.
    if (url.pathname === '/deep_links' && req.method === 'POST') {
      void formOf(req).then(async (form) => {
        const { payload } = await jwtVerify(form.get('JWT') ?? '', createRemoteJWKSet(new URL(`${BASE}/api/lti/jwks`)), { issuer: lms.clientId, audience: lms.issuer, algorithms: ['RS256'] });
        lms.received = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as ContentItem[];
        html(moodleReturnPage(lms.received));
      }).catch(() => res.writeHead(400).end('invalid deep linking response'));
      return;
    }
    // The authentication endpoint: the person is the LMS's teacher (or, from /aprender, a learner); the id_token goes back by form post.
    if (url.pathname === '/auth') {
      const q = url.searchParams;
      if (q.get('redirect_uri') !== `${BASE}/api/lti/launch` || q.get('client_id') !== lms.clientId) return void res.writeHead(400).end('bad request');
      const hint = q.get('login_hint') ?? '';
      const base = specExampleLaunch({ issuer: lms.issuer, clientId: lms.clientId, deploymentId: lms.deploymentId, nonce: q.get('nonce') ?? '', targetLinkUri: lms.target });
      const claims = hint === 'profesor-elige'
        ? { ...base, ...deepLinkingClaims({ sub: teacherSub, settings: { deep_link_return_url: `${lms.issuer}/deep_links`, accept_multiple: false } }), name: 'Profesora Marta Ruiz' }
        : hint === 'estudiante'
          ? { ...base, sub: LEARNER_SUB, name: 'Ana Pérez', 'https://purl.imsglobal.org/spec/lti/claim/roles': ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'] }
          : {
              ...base,
              sub: hint,
              name: 'Profesora Marta Ruiz',
              'https://purl.imsglobal.org/spec/lti/claim/roles': ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
              'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': { document_target: 'iframe', return_url: `${lms.issuer}/curso` },
            };
      void signWith(key, claims).then((idToken) => html(autoPost(`${BASE}/api/lti/launch`, { id_token: idToken, state: q.get('state') ?? '' })));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // localhost, not 127.0.0.1: another site than the stack's, as an LMS is.
  lms.issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  lms.url = lms.issuer;
  lms.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return lms;
}

/**
 * A browser that keeps no cookie for Mentora inside the LMS's frame (Safari): the jar is emptied as a framed launch
 * leaves, so the login's binding cookie never comes back with it (Chromium adds cookies after the interception; a
 * header removed in route.continue does not stop it sending one, and a login answer given back by route.fulfill
 * without its Set-Cookie is a document Chromium's local network checks then stop from reaching the LMS).
 */
async function keepNoFramedCookie(context: BrowserContext) {
  await context.route(`${BASE}/api/lti/launch`, async (route) => {
    if (route.request().frame().parentFrame() !== null) await context.clearCookies();
    return route.continue();
  });
}

describeE2E('a teacher opens Mentora from an LMS course page that frames it (issue 45)', () => {
  let browser: Browser;
  let lms: Lms;
  const teacherSub = randomUUID();
  beforeAll(async () => {
    browser = await launch();
    admin = await registeredLearner();
    const token = (await api('POST', '/api/auth/login', undefined, { email: admin.email, password: admin.password })).tokens.accessToken as string;
    lms = await startLms(await platformKey(), teacherSub);
    const reg = await api('POST', '/api/lti/plataformas', token, { issuer: lms.issuer, clientId: lms.clientId, authUrl: `${lms.issuer}/auth`, jwksUrl: `${lms.issuer}/jwks`, deployments: [lms.deploymentId] });
    if (!reg.success) throw new Error(`registration: ${JSON.stringify(reg)}`);
  });
  let admin: { email: string; password: string };
  /** The teacher's course the deep-linking walk wrote (the framed picker below lists it too). */
  let teacherCourse = '';
  afterAll(async () => {
    await lms?.close();
    await browser?.close();
  });

  it('the administrator\'s /lti/plataformas: the registration, its course pages added on the page, when it expires, a pending publication', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, admin);
    await page.goto(`${BASE}/lti/plataformas`);
    await page.getByLabel('Añadir el origen de las páginas de curso').fill('https://colegio.instructure.com');
    await page.getByRole('button', { name: /^Añadir páginas de curso a/ }).click();
    await page.getByRole('button', { name: 'Quitar https://colegio.instructure.com' }).waitFor();
    await page.getByText(/este registro caduca y se elimina/).waitFor();
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, 'plataformas', width);
    }
    // A registration the frame store did not take (the API's answer then): the page says it is pending, with the error.
    await page.route('**/api/lti/plataformas', async (route) => {
      const res = await route.fetch();
      const json = (await res.json()) as { data: { plataformas: object[] } };
      for (const p of json.data.plataformas) Object.assign(p, { publicada: false, errorPublicacion: 'ServiceUnavailableException' });
      await route.fulfill({ response: res, json });
    });
    await page.reload();
    await page.getByText(/Pendiente de publicar/).waitFor();
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, 'plataformas-pendiente', width);
    }
    await page.unroute('**/api/lti/plataformas');
    await page.reload();
    await page.getByRole('button', { name: 'Quitar https://colegio.instructure.com' }).waitFor();
    // Back as it was, for the launches below (the page origin frames nothing of this LMS on loopback anyway).
    await page.getByRole('button', { name: 'Quitar https://colegio.instructure.com' }).click();
    await page.getByRole('button', { name: 'Quitar https://colegio.instructure.com' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('in a browser that keeps Mentora\'s cookie inside the frame (Chrome, Edge, Firefox: Partitioned), the teacher lands in the course\'s aula in the frame', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${lms.url}/curso`);
    const inFrame = () => page.frames().find((f) => /\/aulas\/[0-9a-f-]{36}$/.test(f.url()));
    await until(async () => Boolean(inFrame()), 'the aula inside the frame', 60_000);
    const frame = page.frameLocator('iframe[title="Mentora"]');
    await frame.getByRole('heading', { name: 'Economics as a Social Science' }).waitFor({ timeout: 30_000 });
    // The ticket left the frame's address with the landing; no new tab was needed.
    expect(inFrame()!.url()).not.toContain('ticket');
    expect(context.pages()).toHaveLength(1);
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, 'aula-iframe', width);
    }
    await context.close();
  });

  it('deep linking: the teacher picks a module\'s evaluation, the LMS receives the signed item; its learner is told who sees the grade', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${lms.url}/anadir`);
    await page.waitForURL(/\/lti\/elegir$/, { timeout: 30_000 });
    // The teacher (the same LMS identity as above) writes a course, then comes back to the picker (its ticket is kept for the tab).
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const plan = await api('POST', '/api/courses/plan', token ?? undefined, { topic: 'La Revolución Industrial', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    await until(async () => (await api('GET', `/api/jobs/${plan.jobId}`, token ?? undefined)).data.status === 'completado', 'the course to be written', 180_000);
    teacherCourse = plan.curso.courseId as string;
    await page.reload();
    const evaluation = page.getByRole('radio', { name: /^Evaluación del módulo 1:/ });
    await evaluation.waitFor({ timeout: 30_000 });
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, 'picker', width);
    }
    await evaluation.check();
    await page.getByRole('button', { name: 'Añadir a mi plataforma' }).click();
    // Mentora's page posts the signed answer to the LMS (its own CSP lets that one form go there).
    await page.waitForURL(`${lms.url}/deep_links`, { timeout: 30_000 });
    await page.getByText('Contenido seleccionado.').waitFor();
    expect(lms.received).toEqual([expect.objectContaining({ type: 'ltiResourceLink', url: `${BASE}/lti/actividad?curso=${plan.curso.courseId}&modulo=m01`, lineItem: expect.objectContaining({ scoreMaximum: 100, tag: 'evaluacion' }) })]);
    await context.close();

    // A learner opens the linked activity: told first who receives their grade, then in their copy's evaluation.
    lms.target = lms.received[0].url;
    const learner = await newPage(browser);
    await learner.page.goto(`${lms.url}/aprender`);
    const notice = learner.page.getByRole('heading', { name: 'Antes de empezar: quién ve tu nota' });
    await notice.waitFor({ timeout: 30_000 });
    expect(await learner.page.getByText(/Example Tool Platform \(localhost:\d+\)/).count()).toBe(1);
    for (const [width, height] of WIDTHS) {
      await learner.page.setViewportSize({ width, height });
      expect(await seriousViolations(learner.page)).toEqual([]);
      expect(await sidewaysOverflow(learner.page)).toBe(0);
      await shot(learner.page, 'grade-notice', width);
    }
    await learner.page.getByRole('button', { name: 'Entendido, empezar' }).click();
    await learner.page.waitForURL(/\/course\/[0-9a-f-]{36}\?modulo=m01&evaluacion$/, { timeout: 30_000 });
    await learner.context.close();
  });

  it('deep linking inside Moodle\'s "Select content" dialog (no cookie kept): the picker runs in the frame and the course page receives the item', async () => {
    expect(teacherCourse).not.toBe('');
    const { context, page } = await newPage(browser);
    // As in the storage walk below: the frame keeps no cookie for Mentora (Safari, or third-party cookies blocked).
    await keepNoFramedCookie(context);
    const listed: string[] = [];
    const launches: string[] = [];
    page.on('request', (r) => { if (r.url() === `${BASE}/api/lti/seleccion/opciones`) listed.push(r.postData() ?? ''); });
    page.on('request', (r) => { if (r.url() === `${BASE}/api/lti/launch`) launches.push(r.postData() ?? ''); });
    await page.goto(`${lms.url}/curso-elegir`);
    const dialog = page.frameLocator('iframe[title="Seleccionar contenido"]');
    const evaluation = dialog.getByRole('radio', { name: /^Evaluación del módulo 1:/ });
    await evaluation.waitFor({ timeout: 60_000 });
    expect(page.url()).toBe(`${lms.url}/curso-elegir`);
    // Finished through the platform's storage: its post, then the launch's page posting it again with the values.
    expect(launches.map((body) => [...new URLSearchParams(body).keys()].sort())).toEqual([['id_token', 'state'], ['almacen_nonce', 'almacen_vinculo', 'id_token', 'state']]);
    // The picker's proof came in the list's body (never an address, never a cookie); the frame's address keeps its marco.
    expect(listed.map((body) => Object.keys(JSON.parse(body) as object).sort())).toEqual([['prueba', 'ticket']]);
    const framed = page.frames().find((f) => f.url().startsWith(`${BASE}/lti/elegir`))!;
    expect(framed.url()).toBe(`${BASE}/lti/elegir?marco=${frameKey(lms.issuer, lms.clientId)}`);
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'picker-iframe', width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await evaluation.check();
    await dialog.getByRole('button', { name: 'Añadir a mi plataforma' }).click();
    // Mentora's answer page, inside the dialog, posts to the return URL there; Moodle's return page calls its parent.
    await page.getByRole('heading', { name: 'Actividad añadida desde Mentora' }).waitFor({ timeout: 30_000 });
    const received = await page.evaluate(() => (window as unknown as { recibido: { items: ContentItem[] } }).recibido.items);
    expect(received).toEqual([expect.objectContaining({ type: 'ltiResourceLink', url: `${BASE}/lti/actividad?curso=${teacherCourse}&modulo=m01`, lineItem: expect.objectContaining({ scoreMaximum: 100, tag: 'evaluacion' }) })]);
    expect(page.url()).toBe(`${lms.url}/curso-elegir`);
    // The picker's page is framable by this registration's pages only: a made-up key, or none, frames nothing.
    const allowed = await fetch(`${BASE}/lti/elegir?marco=${frameKey(lms.issuer, lms.clientId)}`);
    expect(allowed.headers.get('content-security-policy')).toMatch(new RegExp(`frame-ancestors ${lms.issuer}$`));
    for (const query of ['', '?marco=AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await fetch(`${BASE}/lti/elegir${query}`);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    await context.close();
  });

  it('deep linking in a new tab (a platform without its storage): the dialog keeps a relay, "Ya elegí" posts the answer from the dialog', async () => {
    expect(teacherCourse).not.toBe('');
    const { context, page } = await newPage(browser);
    // A browser that keeps no cookie for Mentora inside the LMS's frame (Safari): the dialog's login sets none; the new tab keeps its own.
    await keepNoFramedCookie(context);
    await page.goto(`${lms.url}/curso-elegir-pestana`);
    const dialog = page.frameLocator('iframe[title="Seleccionar contenido"]');
    const open = dialog.getByRole('link', { name: 'Abrir Mentora en una pestaña nueva' });
    await open.waitFor({ timeout: 30_000 });
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'relay-iframe', width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Too early: the dialog says so and keeps its button.
    await dialog.getByRole('button', { name: 'Ya elegí' }).click();
    await dialog.getByText('Todavía no elegiste en la pestaña de Mentora.', { exact: false }).waitFor({ timeout: 30_000 });
    const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
    // The launch was carried to this tab (a second login would reuse the platform's single-use hint): whom it signs in, asked first.
    await tab.getByRole('heading', { name: '¿Eres tú?' }).waitFor({ timeout: 30_000 });
    await tab.getByText('Profesora Marta Ruiz').waitFor();
    expect(tab.url()).not.toContain('prueba');
    for (const [width, height] of WIDTHS) {
      await tab.setViewportSize({ width, height });
      expect(await seriousViolations(tab)).toEqual([]);
      expect(await sidewaysOverflow(tab)).toBe(0);
      await shot(tab, 'eres-tu', width);
    }
    await tab.setViewportSize({ width: 1280, height: 900 });
    await tab.getByRole('button', { name: 'Sí, soy yo' }).click();
    const evaluation = tab.getByRole('radio', { name: /^Evaluación del módulo 1:/ });
    await evaluation.waitFor({ timeout: 60_000 });
    await evaluation.check();
    await tab.getByRole('button', { name: 'Añadir a mi plataforma' }).click();
    await tab.getByRole('heading', { name: 'Tu elección está lista' }).waitFor({ timeout: 30_000 });
    // The tab posted nothing to the LMS; the dialog's "Ya elegí" does, from inside the dialog.
    await dialog.getByRole('button', { name: 'Ya elegí' }).click();
    await page.getByRole('heading', { name: 'Actividad añadida desde Mentora' }).waitFor({ timeout: 30_000 });
    const received = await page.evaluate(() => (window as unknown as { recibido: { items: ContentItem[] } }).recibido.items);
    expect(received).toEqual([expect.objectContaining({ type: 'ltiResourceLink', url: `${BASE}/lti/actividad?curso=${teacherCourse}&modulo=m01` })]);
    await context.close();
  });

  it('inside the frame with no cookie kept: the platform\'s storage completes the launch, and the learner lands in their course in the frame', async () => {
    const { context, page } = await newPage(browser);
    // A browser that keeps no cookie for Mentora inside the LMS's frame (Safari, Chrome blocking third-party
    // cookies; here both sites are loopback, so the test takes them away).
    await keepNoFramedCookie(context);
    const entered: string[] = [];
    const launches: string[] = [];
    page.on('request', (r) => { if (r.url() === `${BASE}/api/lti/sesion`) entered.push(r.postData() ?? ''); });
    page.on('request', (r) => { if (r.url() === `${BASE}/api/lti/launch`) launches.push(r.postData() ?? ''); });
    const entry = page.waitForResponse((r) => new URL(r.url()).pathname === '/lti/entrar', { timeout: 60_000 });
    await page.goto(`${lms.url}/curso-almacen`);
    // CloudFront's function (locally the same text): /lti/entrar may be framed by this registration's origin only.
    expect((await (await entry).allHeaders())['content-security-policy']).toMatch(new RegExp(`frame-ancestors ${lms.issuer}$`));
    const inFrame = () => page.frames().find((f) => /\/course\/[0-9a-f-]{36}\?modulo=m01&evaluacion$/.test(f.url()));
    await until(async () => Boolean(inFrame()), 'the learner\'s course inside the frame', 60_000);
    expect(page.url()).toBe(`${lms.url}/curso-almacen`);
    // The login's values went to the platform's storage (state_<state>, nonce_<nonce>), kept for Mentora's origin.
    const kept = await page.evaluate((origin) => Object.keys((window as unknown as { almacen: Record<string, Record<string, string>> }).almacen[origin] ?? {}), new URL(BASE).origin);
    expect(kept.map((k) => k.split('_')[0]).sort()).toEqual(['nonce', 'state']);
    // The platform's post, then the launch's page posting it again with the values the storage answered.
    expect(launches.map((body) => [...new URLSearchParams(body).keys()].sort())).toEqual([['id_token', 'state'], ['almacen_nonce', 'almacen_vinculo', 'id_token', 'state']]);
    // The ticket's proof came from the frame's sessionStorage; the storage path set no ticket cookie at all.
    expect(entered.map((body) => Object.keys(JSON.parse(body) as object).sort())).toEqual([['cuentaNueva', 'prueba', 'ticket']]);
    expect((await context.cookies(BASE)).filter((c) => c.name.startsWith('__Host-ltie-'))).toEqual([]);
    const frame = page.frameLocator('iframe[title="Mentora"]');
    await frame.locator('h1').first().waitFor({ timeout: 30_000 });
    await frame.getByTestId('loading-overlay').waitFor({ state: 'hidden', timeout: 60_000 });
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, 'lms-iframe-almacen', width);
    }
    // A made-up key, or none: the same page refuses every frame.
    for (const query of ['', '?marco=AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await fetch(`${BASE}/lti/entrar${query}`);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    await context.close();
  });

  it('inside the frame with no cookie kept, a platform storage that never answers: the launch is carried to a new tab, with no second login', async () => {
    const { context, page } = await newPage(browser);
    await keepNoFramedCookie(context);
    // The platform's login hint is single-use (Moodle, Canvas): the way out must not start the login again.
    const logins: string[] = [];
    context.on('request', (r) => { if (new URL(r.url()).pathname === '/api/lti/login') logins.push(r.url()); });
    await page.goto(`${lms.url}/curso-almacen-mudo`);
    const frame = page.frameLocator('iframe[title="Mentora"]');
    const open = frame.getByRole('link', { name: 'Abrir Mentora en una pestaña nueva' });
    // The storage's wait (5 s for the capabilities), then the page's form posts the launch again to be carried.
    await open.waitFor({ timeout: 30_000 });
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'almacen-mudo', width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await tab.getByRole('heading', { name: '¿Eres tú?' }).waitFor({ timeout: 30_000 });
    await tab.getByText('Ana Pérez').first().waitFor();
    expect(tab.url()).not.toContain('prueba');
    await tab.getByRole('button', { name: 'Sí, soy yo' }).click();
    await until(async () => /\/course\/[0-9a-f-]{36}\?modulo=m01&evaluacion$/.test(tab.url()), 'the learner\'s course in the new tab', 60_000);
    expect(logins).toHaveLength(1);
    await context.close();
  });
});
