import { axeViolations, seriousOnly, WCAG_21_AA } from '../support/axe';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { wrongOfflineOption } from '../integration/courses/support/courses';
import { BASE, api, describeE2E, launch, learnerWithCourse, newPage, seriousViolations, sidewaysOverflow, signIn } from './helpers';

// Issue 32 item 3: the learner model as the learner sees it. A learner fails module 1's evaluation;
// the dashboard's "Tu siguiente paso" names the weakest objective, and the course page's "Mapa de
// dominio" (below the lesson) shows every objective with its state in words, and the link to study.
// At 1280 and 390 px, axe clean on both sections. Issue 43 item 3: the same course as a map ("Ver como
// mapa"), its states in the same words, axe clean on the whole page, no sideways scroll, printed on an
// A4 page's width with no buttons, and a lesson on it opens the lesson. MENTORA_SHOTS_DIR=<dir> saves the screens.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** The section alone: the page above it (the lesson) is thousands of pixels tall. */
async function shotOf(section: Locator, name: string, width: number) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await section.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
}

const serious = async (page: Page, selector: string) =>
  seriousOnly(await axeViolations(page, WCAG_21_AA, selector));

describeE2E('Mapa de dominio and the next step (issue 32)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows what the learner masters, objective by objective, and where to go next, at 1280 and 390 px', async () => {
    const { learner, token, courseId } = await learnerWithCourse();
    const shown = (await api('POST', '/api/evaluacion/generate', token, { courseId, moduleId: 'm01' })).data;
    const answers = (shown.preguntas as { preguntaId: string; opciones: { opcion: string; texto: string }[] }[]).map((p) => ({ preguntaId: p.preguntaId, opcion: wrongOfflineOption(p.opciones) }));
    expect((await api('POST', `/api/courses/${courseId}/modules/m01/evaluation`, token, { answers })).data.correctas).toBe(0);

    const { context, page } = await newPage(browser, 1280, 900);
    try {
      await signIn(page, learner);
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await page.goto(`${BASE}/dashboard`);
        const next = page.locator('section[aria-labelledby="siguiente-paso"]');
        await next.getByText(/^Refuerza «/).waitFor();
        expect(await serious(page, 'section[aria-labelledby="siguiente-paso"]')).toEqual([]);
        await shot(page, 'dashboard-siguiente-paso');

        await page.goto(`${BASE}/course/${courseId}?modulo=m01&leccion=l01`);
        const map = page.locator('section[aria-labelledby="mapa-dominio"]');
        await map.getByRole('heading', { name: 'Mapa de dominio' }).waitFor();
        // States in words, not colour alone: module 1 measured (on its way), module 2 not started.
        expect(await map.getByText(/En progreso$/).count()).toBeGreaterThanOrEqual(2);
        expect(await map.getByText(/Por empezar$/).count()).toBeGreaterThanOrEqual(2);
        await map.getByText(/^Dominio estimado: \d+ %/).first().waitFor();
        // The lesson comes first: the map sits below it.
        const lessonTop = (await page.locator('#leccion-titulo').boundingBox())?.y ?? 0;
        expect((await map.boundingBox())?.y ?? 0).toBeGreaterThan(lessonTop);
        expect(await serious(page, 'section[aria-labelledby="mapa-dominio"]')).toEqual([]);
        await map.scrollIntoViewIfNeeded();
        await shot(page, 'mapa-dominio');

        await page.getByRole('button', { name: 'Ver como mapa' }).click();
        const courseMap = page.getByRole('region', { name: 'Mapa del curso' });
        await courseMap.getByText(/En progreso$/).first().waitFor();
        expect(await courseMap.getByRole('heading', { level: 3 }).count()).toBe(2);
        expect(await courseMap.getByText(/Por empezar$/).count()).toBeGreaterThanOrEqual(2);
        expect(await sidewaysOverflow(page)).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'mapa-curso');
        await page.getByRole('button', { name: 'Ver como lista' }).click();
        await page.locator('#leccion-titulo').waitFor();
      }
      // On paper (an A4 page's width at 96 dpi): the map within the page, no button printed.
      await page.goto(`${BASE}/course/${courseId}?vista=mapa`);
      const printed = page.getByRole('region', { name: 'Mapa del curso' });
      await printed.getByText(/En progreso$/).first().waitFor();
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button').filter({ visible: true }).count()).toBe(0);
      expect(((await printed.boundingBox())?.width ?? 999)).toBeLessThanOrEqual(794);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, 'mapa-curso-impreso');
      await page.emulateMedia({ media: 'screen' });
      // A lesson on the map opens it.
      await printed.getByRole('link', { name: /Evaluación del módulo 2/ }).waitFor();
      await printed.getByRole('link').filter({ hasNotText: 'Evaluación' }).last().click();
      await page.waitForURL(/\/course\/[^?]+\?modulo=m02&leccion=l0\d/);
      await page.locator('#leccion-titulo').waitFor();
      // The next step leads to the weakest objective's lesson.
      const map = page.locator('section[aria-labelledby="mapa-dominio"]');
      const toLesson = map.getByRole('link', { name: 'Ir a la lección' });
      expect(await toLesson.getAttribute('href')).toMatch(/\/course\/[^?]+\?modulo=m01&leccion=l0\d/);
      // The link itself is clicked, not a point on the screen: the lesson above it is still laying out (its diagram
      // and the download panel load after it), and a click aimed at a point that moved lands on the lesson's text.
      // The fresh-clone check on e075c5e timed out here once, under load; alone it passes.
      await toLesson.dispatchEvent('click');
      await page.waitForURL(/\/course\/[^?]+\?modulo=m01&leccion=l0\d/);
    } finally {
      await context.close();
    }
  });

  // Issue 41 item 4 (web side): an objective mastered once whose memory has faded. Which objectives
  // fade is the learner model's decision, proven through the real routes with the handlers' clock
  // moved (test/handlers/mastery-decay.test.ts); the e2e stack's clock is every file's, so here the
  // map's answer is given one faded objective on its way to the page, with the step the model sends
  // for it (mastery-map.ts: `repasar`, the same sentence), so the screens show what a learner reads.
  it('shows a faded objective as "Por repasar", in a word and an icon, and sends the learner back to its lesson, at 1280 and 390 px', async () => {
    const { learner, courseId } = await learnerWithCourse();
    const { context, page } = await newPage(browser, 1280, 900);
    try {
      await page.route('**/api/courses/*/mastery', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const m = body.data.modulos[0];
        const o = m.objetivos[0];
        Object.assign(o, { estado: 'por_repasar', estimacion: 0.81, incertidumbre: 0.39, evidencias: 6 });
        body.data.siguiente = { tipo: 'repasar', texto: `Repasa «${o.enunciado}»: hace tiempo que no lo practicas y puede que se te esté olvidando; vuelve a la lección «${o.leccion.titulo}».`, courseId, moduleId: m.moduleId, lessonId: o.leccion.lessonId, objetivoId: o.id, estado: 'por_repasar' };
        await route.fulfill({ response, json: body });
      });
      await signIn(page, learner);
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await page.goto(`${BASE}/course/${courseId}?modulo=m01&leccion=l02`);
        const map = page.locator('section[aria-labelledby="mapa-dominio"]');
        await map.getByRole('heading', { name: 'Mapa de dominio' }).waitFor();
        // In words and an icon, in the row and in the next step: not colour alone.
        expect(await map.getByText(/^↻Por repasar$/).count()).toBe(2);
        await map.getByText('1 por repasar', { exact: false }).waitFor();
        // The next step's own link goes back to the lesson too (mastery-api.ts `nextStepLink`).
        await map.getByRole('link', { name: 'Volver a la lección' }).waitFor();
        expect(await serious(page, 'section[aria-labelledby="mapa-dominio"]')).toEqual([]);
        await map.scrollIntoViewIfNeeded();
        await shot(page, 'mapa-dominio-por-repasar');
        await shotOf(map, 'mapa-dominio-por-repasar-seccion', width);
      }
      // The faded objective's own link leads back to its lesson.
      const map = page.locator('section[aria-labelledby="mapa-dominio"]');
      await map.getByRole('link', { name: /^Vuelve a la lección «/ }).click();
      await page.waitForURL(/\/course\/[^?]+\?modulo=m01&leccion=l01/);
    } finally {
      await context.close();
    }
  });
});
