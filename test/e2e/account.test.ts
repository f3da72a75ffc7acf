import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { BASE, downloadedText, codeFor, describeE2E, freshLearner, launch, newPage, signIn } from './helpers';

// The learner's own data (issue 14, GDPR): download everything from /profile, delete the account
// with the email as confirmation, register again with the same email and find nothing of before.

type Learner = ReturnType<typeof freshLearner>;
const SHOTS = process.env.MENTORA_SHOTS_DIR;

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Registers and confirms `learner` through the API; answers an access token. */
async function register(learner: Learner) {
  const reg = await api('POST', '/auth/register', learner);
  const code = await codeFor(learner.email);
  await api('POST', '/auth/confirm', { username: reg.user.id, code, email: learner.email, sessionId: reg.sessionid ?? undefined });
  const login = await api('POST', '/auth/login', { email: learner.email, password: learner.password });
  return { id: reg.user.id as string, token: login.tokens.accessToken as string };
}

const course = (token: string, topic: string) =>
  api('POST', '/courses/plan', { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 }, token).then((r) => r.curso.courseId as string);

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describeE2E('my data: download it, delete the account, start again', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('exports only the learner\'s own data, deletes everything, and a new account with the same email starts empty', async () => {
    const ana = freshLearner();
    const first = await register(ana);
    const anaCourse = await course(first.token, 'Historia del arte');
    const other = freshLearner();
    const otherCourse = await course((await register(other)).token, 'Cocina vasca');

    const { context, page } = await newPage(browser);
    await signIn(page, ana);
    await page.getByRole('heading', { name: '¿Quieres aparecer en la comunidad?' }).waitFor();
    await shot(page, 'dashboard-privacy-1280');
    await page.goto(`${BASE}/profile`);
    await page.getByRole('heading', { name: 'Eliminar cuenta' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar mis datos' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mentora-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await downloadedText(download);
    const exported = JSON.parse(text) as { cuenta: { email: string }; datos: { cursos: { courseId: string }[] } };
    expect(exported.cuenta.email).toBe(ana.email);
    expect(exported.datos.cursos.map((c) => c.courseId)).toEqual([anaCourse]);
    expect(text).not.toContain(otherCourse);
    expect(text).not.toContain(other.email);

    await page.getByRole('button', { name: 'Eliminar cuenta' }).click();
    const confirm = page.getByLabel(/Escribe tu correo .* para confirmar/);
    await confirm.fill(other.email);
    await page.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click();
    await page.getByText('El correo no coincide con el de tu cuenta').waitFor();
    await shot(page, 'profile-delete-1280');
    await confirm.fill(ana.email);
    await page.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Tu cuenta y todos tus datos se han eliminado.').waitFor();
    await context.close();

    // The same email again: a new account, with nothing of the old one.
    const again = await register(ana);
    expect(again.id).not.toBe(first.id);
    expect((await api('GET', '/courses/my-courses', undefined, again.token)).data).toEqual([]);
    const { page: fresh, context: freshContext } = await newPage(browser);
    await signIn(fresh, ana);
    await fresh.getByRole('heading', { name: 'Mis cursos' }).waitFor();
    expect(await fresh.getByRole('heading', { level: 3, name: /Historia del arte/i }).count()).toBe(0);
    await freshContext.close();
  });

  it.each([[1280, 900], [390, 844]])('shows /profile, the privacy choice and /social at %i px', async (width, height) => {
    const learner = freshLearner();
    await register(learner);
    const { context, page } = await newPage(browser, width, height);
    await signIn(page, learner);
    await page.getByRole('heading', { name: '¿Quieres aparecer en la comunidad?' }).waitFor();
    await shot(page, `dashboard-${width}`);
    await page.goto(`${BASE}/social`);
    await page.getByRole('heading', { level: 1, name: 'Comunidad' }).waitFor();
    await page.getByRole('heading', { name: '¿Quieres aparecer en la comunidad?' }).waitFor();
    await shot(page, `social-${width}`);
    await page.goto(`${BASE}/profile`);
    await page.getByRole('button', { name: 'Descargar mis datos' }).waitFor();
    await shot(page, `profile-${width}`);
    // On a phone the links sit in the header's menu (issue 44).
    if (width < 640) await page.getByRole('button', { name: 'Menú', exact: true }).click();
    expect(await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Comunidad' }).count()).toBe(1);
    await context.close();
  });
});
