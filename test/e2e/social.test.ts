import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE, describeE2E, launch, learnerWithCourse, newPage, problemsAtBothWidths, registeredLearner, sidewaysOverflow, signIn } from './helpers';

// Two learners, each in their own browser context, find each other by a shared topic and connect;
// then (issue 34) Ana sends Bruno one of her courses and he copies it from the connection's card.
// MENTORA_SHOTS_DIR=<dir> also saves each screen there.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
const shot = async (page: Page, name: string, width: number) => {
  // Every screen stays within the phone's width (a long name in a request made /social 449 px wide at 390).
  expect({ name, overflow: await sidewaysOverflow(page) }).toEqual({ name, overflow: 0 });
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `social-${name}-${width}.png`), fullPage: true });
};

async function withProfile(nombre: string, intereses: string[], withCourse = false) {
  const learner = withCourse ? (await learnerWithCourse()).learner : await registeredLearner();
  const api = (method: string, path: string, body: unknown, token?: string) =>
    fetch(`${BASE}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const login = await api('POST', '/auth/login', { email: learner.email, password: learner.password });
  await api('PUT', '/users/profile', { nombre, intereses, bio: 'Privado', perfilPublico: true }, login.tokens.accessToken);
  return { ...learner, nombre };
}

const cards = (page: Page, region: string) => page.getByRole('region', { name: region }).getByRole('listitem');

describeE2E('two learners find each other by topic and connect', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  // One walk: Ana at 1280 px, Bruno on a phone (390 px); each screen judged at both widths.
  it('search, request, accept, send a course and copy it, judged at 1280 and 390 px', async () => {
    const topic = `Astronomía ${Date.now().toString(36)}`;
    // A number in each name, as before: the handle is the name's words and a tag (`@bruno-<n>-xxxx`).
    const n = Date.now() % 10_000;
    const [ana, bruno] = await Promise.all([
      withProfile(`Ana María Fernández de la Torre ${n}`, [topic, 'Cocina'], true),
      withProfile(`Bruno ${n}`, [topic.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''), 'Ajedrez']),
    ]);
    const a = await newPage(browser);
    const b = await newPage(browser, 390, 844);
    try {
      await signIn(a.page, ana);
      await signIn(b.page, bruno);

      // Ana searches with accents; Bruno wrote the topic without them.
      await a.page.goto(`${BASE}/social`);
      await a.page.getByRole('heading', { level: 1, name: 'Comunidad' }).waitFor();
      await a.page.getByLabel('Buscar personas por tema').fill(topic.toUpperCase());
      await a.page.getByRole('button', { name: 'Buscar' }).click();
      const found = cards(a.page, `Personas que aprenden «${topic.toUpperCase()}»`).filter({ hasText: bruno.nombre });
      await found.waitFor();
      await found.getByText('Ajedrez').waitFor();
      // Issue 34: a handle tells namesakes apart; it is never the email.
      await found.getByText(/^@bruno-\d+-[a-z2-9]{4}$/).waitFor();
      expect(await found.textContent()).not.toContain(bruno.email);
      await found.getByRole('button', { name: `Conectar con ${bruno.nombre}` }).click();
      await a.page.getByText('Solicitud enviada.').first().waitFor();
      await a.page.getByRole('region', { name: 'Solicitudes enviadas' }).getByText(bruno.nombre, { exact: true }).waitFor();
      expect(await problemsAtBothWidths(a.page, (width) => shot(a.page, 'request-sent', width))).toEqual([]);

      // Bruno sees the request, and Ana only there: not again among his suggestions (issue 34).
      await b.page.goto(`${BASE}/social`);
      await b.page.getByText('Tienes una solicitud pendiente').waitFor();
      const request = b.page.getByRole('region', { name: 'Solicitudes recibidas' });
      await request.getByText(ana.nombre, { exact: true }).waitFor();
      await b.page.getByRole('region', { name: 'Personas con tus intereses' }).locator('[aria-busy="true"]').waitFor({ state: 'detached' });
      expect(await cards(b.page, 'Personas con tus intereses').filter({ hasText: ana.nombre }).count()).toBe(0);
      expect(await problemsAtBothWidths(b.page, (width) => shot(b.page, 'request-received', width))).toEqual([]);
      await request.getByRole('button', { name: `Aceptar la solicitud de ${ana.nombre}` }).click();
      await b.page.getByText('Solicitud aceptada: ahora tienes conexión con esta persona.').waitFor();
      await b.page.getByRole('region', { name: 'Mis conexiones' }).getByText(ana.nombre, { exact: true }).waitFor();

      // Ana sees the connection too, and sends Bruno her course from its card (issue 34).
      await a.page.reload();
      await a.page.getByRole('region', { name: 'Mis conexiones' }).getByText(bruno.nombre, { exact: true }).waitFor();
      expect(await a.page.getByRole('region', { name: 'Solicitudes enviadas' }).getByText(bruno.nombre, { exact: true }).count()).toBe(0);
      await a.page.getByRole('button', { name: `Cursos con ${bruno.nombre}` }).click();
      const pick = a.page.getByLabel('Enviarle uno de tus cursos');
      await pick.locator('option', { hasText: 'Astronomía' }).waitFor({ state: 'attached' });
      await pick.selectOption({ index: 1 });
      await a.page.getByRole('button', { name: 'Enviar curso' }).click();
      // Issue 40: the link is public; the learner reads so and confirms before it goes.
      const confirm = a.page.getByRole('group', { name: /^Antes de enviar/ });
      await confirm.getByText('cualquier persona que tenga el enlace podrá abrir el curso sin iniciar sesión').waitFor();
      expect(await problemsAtBothWidths(a.page, (width) => shot(a.page, 'confirmar-envio', width))).toEqual([]);
      await confirm.getByRole('button', { name: 'Sí, enviar el enlace' }).click();
      await a.page.getByText('Curso enviado. Tu conexión lo verá en la comunidad y podrá copiarlo.').first().waitFor();
      await a.page.getByRole('list', { name: `Cursos que enviaste a ${bruno.nombre}` }).getByText(/Astronomía/).waitFor();
      // The open panel, with a long course title in its list, stays within the screen (it overflowed by 5 px at 390).
      await a.page.setViewportSize({ width: 390, height: 844 });
      const right = await a.page.evaluate(() => Math.max(...[...document.querySelectorAll('[id^="cursos-"]')].map((e) => e.getBoundingClientRect().right)));
      expect(right).toBeLessThanOrEqual(390);
      await a.page.setViewportSize({ width: 1280, height: 900 });
      expect(await problemsAtBothWidths(a.page, (width) => shot(a.page, 'course-sent', width))).toEqual([]);

      // Bruno sees it on Ana's card and copies it into his courses.
      await b.page.reload();
      const mine = b.page.getByRole('region', { name: 'Mis conexiones' });
      await mine.getByText('Te envió 1 curso').waitFor();
      await mine.getByRole('button', { name: `Cursos con ${ana.nombre}` }).click();
      const received = b.page.getByRole('list', { name: `Cursos que te envió ${ana.nombre}` });
      await received.getByRole('button', { name: /^Copiar a mis cursos/ }).click();
      await received.getByRole('link', { name: /^Abrir tu copia/ }).waitFor();
      expect(await problemsAtBothWidths(b.page, (width) => shot(b.page, 'course-received', width))).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
