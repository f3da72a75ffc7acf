import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE, describeE2E, launch, newPage, registeredLearner, seriousViolations, signIn } from './helpers';

// Two learners, each in their own browser context, find each other by a shared topic and connect.

async function withProfile(nombre: string, intereses: string[]) {
  const learner = await registeredLearner();
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

  it.each([[1280, 900], [390, 844]])('at %i px wide', async (width, height) => {
    const topic = `Astronomía ${width}${Date.now().toString(36)}`;
    const ana = await withProfile(`Ana ${width}`, [topic, 'Cocina']);
    const bruno = await withProfile(`Bruno ${width}`, [topic.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''), 'Ajedrez']);
    const a = await newPage(browser, width, height);
    const b = await newPage(browser, width, height);
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
      expect(await found.textContent()).not.toContain('@');
      await found.getByRole('button', { name: `Conectar con ${bruno.nombre}` }).click();
      await a.page.getByText('Solicitud enviada.').first().waitFor();
      await a.page.getByRole('region', { name: 'Solicitudes enviadas' }).getByText(bruno.nombre, { exact: true }).waitFor();
      await a.page.screenshot({ path: join(tmpdir(), `mentora-social-${width}.png`), fullPage: true });

      // Bruno sees the request, with Ana also among his suggestions, and accepts it.
      await b.page.goto(`${BASE}/social`);
      await b.page.getByText('Tienes una solicitud pendiente').waitFor();
      const request = b.page.getByRole('region', { name: 'Solicitudes recibidas' });
      await request.getByText(ana.nombre, { exact: true }).waitFor();
      await cards(b.page, 'Personas con tus intereses').filter({ hasText: ana.nombre }).waitFor();
      expect(await seriousViolations(b.page)).toEqual([]);
      await request.getByRole('button', { name: `Aceptar la solicitud de ${ana.nombre}` }).click();
      await b.page.getByText('Solicitud aceptada: ahora tienes conexión con esta persona.').waitFor();
      await b.page.getByRole('region', { name: 'Mis conexiones' }).getByText(ana.nombre, { exact: true }).waitFor();
      await b.page.screenshot({ path: join(tmpdir(), `mentora-social-${width}-accepted.png`), fullPage: true });

      // Ana sees the connection too.
      await a.page.reload();
      await a.page.getByRole('region', { name: 'Mis conexiones' }).getByText(bruno.nombre, { exact: true }).waitFor();
      expect(await a.page.getByRole('region', { name: 'Solicitudes enviadas' }).getByText(bruno.nombre, { exact: true }).count()).toBe(0);
      expect(await seriousViolations(a.page)).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
