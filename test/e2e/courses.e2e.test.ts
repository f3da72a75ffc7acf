import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { rightOfflineOption } from '../integration/courses/support/courses';
import { answerEvaluation } from './evaluation-steps';
import { finishAllButLastLesson, reviewSession, studyLinkLands } from './first-hour-steps';
import { api, BASE, describeE2E, launch, newPage, registeredLearner, seriousViolations, signIn, until, whileTheClockIsMine } from './helpers';

// Issue 4 end to end, in demonstration mode (the local stack's offline writer): generate a course,
// open a lesson, complete it, pass a module evaluation, see the progress on the dashboard.
// The answer key never reaches the browser before a pass (issue 12): the learner fails on purpose,
// reads which questions were wrong and where to review them (no answers; the link lands on the section
// it names, below the sticky header, at 1280 and 390 px), retakes another set of questions and passes,
// then reads every option explained. Issue 34's first hour goes on: the next day (the local clock moved)
// the learner reviews the mistakes, then finishes the course and sees it completed with its certificate.
// MENTORA_SHOTS_DIR=<dir> (or MENTORA_SCREENSHOTS=1: screenshots/) saves each screen as courses-*.png.

const SHOTS = process.env.MENTORA_SHOTS_DIR ?? (process.env.MENTORA_SCREENSHOTS === '1' ? join(__dirname, '..', '..', 'screenshots') : undefined);
const DAY_MS = 86_400_000;

/** The whole page from its top; with `at`, the screen a learner sees with that element scrolled to its middle. */
async function shot(page: Page, name: string, at?: string | Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // The page's data is in (no "Cargando contenido..."); fades and toasts' entrances finish (spinners and pulses loop forever and are left alone).
  await page.getByText('Cargando contenido...').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 });
  if (at) await (typeof at === 'string' ? page.locator(at).first() : at).evaluate((e) => e.scrollIntoView({ block: 'center' }));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `courses-${name}-${page.viewportSize()?.width}.png`), fullPage: !at });
}

/** Answers every question right or wrong on purpose (the offline writer's right option is the lesson's own sentence), one at a time; returns the stems. */
async function answerAll(page: Page, right: boolean) {
  return answerEvaluation(page, ({ opciones }) => {
    const key = rightOfflineOption(opciones);
    return right ? key : opciones.find((o) => o.opcion !== key)!.opcion;
  });
}

/** Screenshots of the current screen at 1280 and 390 px wide. */
async function shotBoth(page: Page, name: string, at?: string | Locator) {
  if (!SHOTS) return;
  await shot(page, name, at);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, name, at);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describeE2E('a learner generates a course, follows it and passes an evaluation (issues 4 and 12)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    // The local clock is the whole stack's, and it only moves forward: this file set it back to today
    // here, and review.test.ts, which moves it a day on in another worker at the same time, then found
    // its day-old cards not due (a failure of the whole e2e run, 2026-11-29). Every file reads "now"
    // from the stack, so a later file starts from wherever the clock is.
  });

  it('generar → lesson → completed → evaluation failed (no answers, the study link lands) → other questions passed (every option explained) → progress on the dashboard → review the next day → course finished with its certificate', () => whileTheClockIsMine(async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser, 1280, 900);
    try {
      await signIn(page, learner);
      await page.getByRole('link', { name: 'Generar mi primer curso' }).click();
      await page.waitForURL('**/generar');

      // Suggestions for a topic and level; choosing one fills the form.
      await page.getByLabel('¿Qué quieres aprender?').fill('Fotografía digital');
      await page.getByText('Intermedio', { exact: true }).click();
      await page.getByRole('button', { name: 'Ver sugerencias' }).click();
      await page.getByRole('heading', { name: 'Sugerencias para ti' }).waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shot(page, 'generar-sugerencias');
      await page.getByRole('button', { name: /^Elegir esta:/ }).first().click();
      expect(await page.getByLabel('¿Qué quieres aprender?').inputValue()).not.toBe('Fotografía digital');
      await page.getByLabel('Número de módulos').selectOption('2');
      await page.getByRole('button', { name: 'Crear curso', exact: true }).click();
      // With MENTORA_LLM_LATENCY_MS set, the progress bar stays long enough to be photographed.
      if (SHOTS) await page.getByRole('progressbar', { name: 'Progreso de la generación del curso' }).waitFor({ timeout: 5_000 }).then(() => shot(page, 'generar-progreso'), () => undefined);

      // The job's progress, then the course as soon as its outline exists.
      await page.waitForURL('**/course/**', { timeout: 60_000 });
      const courseId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      expect(await page.evaluate(() => localStorage.getItem('cursoid'))).toBe(courseId);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('note').filter({ hasText: 'Modo demostración' }).waitFor({ timeout: 60_000 });
      if (SHOTS && (await page.getByText('Creando tu curso personalizado...').isVisible())) await shot(page, 'curso-generando');

      // The first lesson, written: mark it completed.
      const complete = page.getByRole('button', { name: 'Marcar como completada' });
      await complete.waitFor({ timeout: 60_000 });
      expect(await page.locator('#leccion-titulo').textContent()).toBeTruthy();
      await shot(page, 'curso-leccion');
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await complete.click();
      await page.getByText('Lección completada', { exact: true }).waitFor();
      const courseBar = page.getByRole('progressbar', { name: 'Progreso del curso' });
      expect(Number(await courseBar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      expect(Number(await page.getByRole('progressbar', { name: 'Progreso del módulo 1' }).getAttribute('aria-valuenow'))).toBeGreaterThan(0);

      // The module evaluation: fail on purpose, read what to review (never the answers), retake
      // another set of questions, pass, read every option explained.
      await page.getByRole('link', { name: /Evaluación del módulo/ }).first().click();
      const send = page.getByRole('button', { name: 'Enviar respuestas' });
      await page.getByText('Pregunta 1 de 20').waitFor({ timeout: 60_000 });
      await shot(page, 'curso-evaluacion');
      const firstSet = await answerAll(page, false);
      expect(firstSet).toHaveLength(20);
      await send.click();
      await page.getByRole('heading', { name: 'Qué repasar' }).waitFor();
      expect(await page.getByText('No aprobado esta vez.').isVisible()).toBe(true);
      expect(await page.getByText('✗ Incorrecta').count()).toBe(20);
      expect(await page.getByRole('link', { name: /^la lección «/ }).count()).toBe(20);
      const failedText = (await page.locator('#main, main').first().textContent()) ?? '';
      // No key and no option explained (a lesson's section may well be titled «Por qué …», so the check is on the
      // labels and lists the explained review renders, not on that word).
      expect(failedText).not.toMatch(/Respuesta correcta/);
      expect(await page.getByRole('list', { name: /^Opciones de la pregunta \d+ explicadas$/ }).count()).toBe(0);
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shotBoth(page, 'curso-evaluacion-fallo');
      // "Repasa la lección «…», sección «…»" lands on that section's heading, not under the header.
      const study = (await page.locator('a[href*="#seccion-"]').filter({ hasText: /^la lección «/ }).first().getAttribute('href')) ?? '';
      expect(study).toMatch(/#seccion-[a-z0-9-]+$/);
      await studyLinkLands(page, study, SHOTS);
      // A link stored before study links stopped naming folded sections lands on the closed disclosure.
      await studyLinkLands(page, study.replace(/#.*$/, '#seccion-respuestas'));

      await page.getByRole('button', { name: 'Intentar con otras preguntas' }).click();
      const secondSet = await answerAll(page, true);
      expect(secondSet.filter((stem) => firstSet.includes(stem))).toEqual([]);
      await send.click();
      await page.getByText('¡Aprobado! Has superado la evaluación.').waitFor();
      for (let i = 1; i <= 20; i++) {
        const options = page.getByRole('list', { name: `Opciones de la pregunta ${i} explicadas` }).getByRole('listitem');
        expect(await options.count()).toBe(4);
        expect(await options.filter({ hasText: 'Respuesta correcta' }).count()).toBe(1);
      }
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shotBoth(page, 'curso-evaluacion-aprobada');
      await page.getByRole('navigation', { name: 'Contenido del curso' }).getByText('Aprobada').first().waitFor();

      // The dashboard shows the course, its progress and the way back to the last lesson.
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Mis Cursos' }).click();
      await page.waitForURL('**/dashboard');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
      await card.getByText('Modo demostración').waitFor();
      expect(Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      expect(await card.getByRole('link', { name: /Continuar/ }).getAttribute('href')).toContain(`/course/${courseId}?modulo=`);
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shot(page, 'dashboard');

      // The same screens on a phone: the outline folds away, nothing serious for axe.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shot(page, 'dashboard');
      await card.getByRole('link', { name: /Continuar/ }).click();
      const outline = page.getByRole('button', { name: 'Contenido del curso' });
      await outline.waitFor();
      expect(await outline.getAttribute('aria-expanded')).toBe('false');
      await shot(page, 'curso-leccion');
      await outline.click();
      await page.getByRole('navigation', { name: 'Contenido del curso' }).getByRole('link', { name: /Evaluación del módulo/ }).first().waitFor();
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shot(page, 'curso-temario');
      await page.goto(`${BASE}/generar`);
      await page.getByLabel('¿Qué quieres aprender?').fill('Fotografía digital');
      await page.getByRole('button', { name: 'Ver sugerencias' }).click();
      await page.getByRole('heading', { name: 'Sugerencias para ti' }).waitFor();
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shot(page, 'generar-sugerencias');
      await page.goto(`${BASE}/course/no-existe`);
      await page.getByRole('heading', { name: 'No encontramos ese curso' }).waitFor();
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);

      // The next day: the failed attempt's questions are due, and the learner reviews them (on the phone).
      await api('POST', '/__local/clock', undefined, { advanceMs: DAY_MS + 60_000 });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${BASE}/dashboard`);
      await page.getByRole('heading', { name: 'Repaso de hoy' }).waitFor();
      await until(async () => Number(await page.getByTestId('repaso-pendientes').textContent()) > 0, 'questions due the next day', 15_000);
      await shotBoth(page, 'dashboard-repaso', '#repaso-hoy');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('region', { name: 'Repaso de hoy' }).getByRole('link', { name: 'Empezar repaso' }).click();
      expect(await reviewSession(page, () => shot(page, 'repaso-respuesta', 'article'))).toBeGreaterThan(0);
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await shotBoth(page, 'repaso-terminado', 'h1');

      // Finishing: everything else through the API, the last lesson in the page; the moment, then the
      // course and its dashboard card say "completado" with the certificate.
      const token = (await api('POST', '/api/auth/login', undefined, { email: learner.email, password: learner.password })).tokens.accessToken as string;
      const last = await finishAllButLastLesson(token, courseId);
      await page.goto(`${BASE}/course/${courseId}?modulo=${last.moduleId}&leccion=${last.lessonId}`);
      await page.getByRole('button', { name: 'Marcar como completada' }).click();
      const moment = page.getByRole('status').filter({ hasText: '¡Curso completado!' });
      await moment.getByRole('link', { name: 'Ver mi certificado' }).waitFor({ timeout: 15_000 });
      await shotBoth(page, 'curso-celebracion', 'h1');
      await moment.getByRole('button', { name: 'Cerrar' }).click();
      // Completed at both widths: first on the course's first screen and on its dashboard card, "100 %" on one line.
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await page.goto(`${BASE}/course/${courseId}`);
        const done = page.getByRole('region', { name: /Curso completado/ });
        const certificate = await done.getByRole('link', { name: 'Ver mi certificado' }).getAttribute('href', { timeout: 15_000 });
        expect(certificate).toMatch(/^\/certificados\//);
        const box = await done.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(height);
        expect((await page.getByText('100 %', { exact: true }).first().boundingBox())!.height).toBeLessThan(30);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'curso-completado', 'h1');
        await page.goto(`${BASE}/dashboard`);
        const card = page.locator('li').filter({ has: page.getByRole('heading', { level: 3 }) }).filter({ hasText: 'Completado' });
        expect(await card.getByRole('link', { name: /Ver certificado/ }).getAttribute('href', { timeout: 15_000 })).toBe(certificate);
        expect((await card.getByText('100 %', { exact: true }).boundingBox())!.height).toBeLessThan(30);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'dashboard-completado', card);
      }
    } catch (error) {
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'courses-failure.png'), fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
    // Two attempts of 20 questions, now one at a time (issue 34 item 3), a review session and the finish:
    // many steps on a shared 2-core machine.
  }), 420_000);
});
