import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE, describeE2E, launch, newPage, registeredLearner, signIn } from './helpers';

// Issue 4 end to end, in demonstration mode (the local stack's offline writer): generate a course,
// open a lesson, complete it, pass a module evaluation, see the progress on the dashboard.
// The answer key never reaches the browser before a submission, so the learner does what a
// learner would: answers, reads the corrections, and tries again.
// MENTORA_SCREENSHOTS=1 also saves each screen to screenshots/courses-*.png (1280 and 390 px).

const SHOTS = process.env.MENTORA_SCREENSHOTS === '1' ? join(__dirname, '..', '..', 'screenshots') : undefined;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400); // toasts and fades settle
  await page.screenshot({ path: join(SHOTS, `courses-${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Picks one option per question: `choose` maps the question's index to a letter. */
async function answerAll(page: Page, choose: (i: number) => string) {
  const groups = page.locator('form fieldset');
  const n = await groups.count();
  for (let i = 0; i < n; i++) await groups.nth(i).locator(`input[type="radio"][value="${choose(i)}"]`).check();
  return n;
}

describeE2E('a learner generates a course, follows it and passes an evaluation (issue 4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('generar → lesson → completed → evaluation passed → progress on the dashboard', async () => {
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
      expect(await seriousViolations(page)).toEqual([]);
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
      expect(await seriousViolations(page)).toEqual([]);
      await complete.click();
      await page.getByText('Lección completada', { exact: true }).waitFor();
      const courseBar = page.getByRole('progressbar', { name: 'Progreso del curso' });
      expect(Number(await courseBar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      expect(Number(await page.getByRole('progressbar', { name: 'Progreso del módulo 1' }).getAttribute('aria-valuenow'))).toBeGreaterThan(0);

      // The module evaluation: answer, read the corrections, try again with them.
      await page.getByRole('link', { name: /Evaluación del módulo/ }).first().click();
      const send = page.getByRole('button', { name: 'Enviar respuestas' });
      await send.waitFor({ timeout: 60_000 });
      await shot(page, 'curso-evaluacion');
      const questions = await answerAll(page, () => 'A');
      expect(questions).toBeGreaterThan(0);
      await send.click();
      await page.getByRole('heading', { name: 'Revisa tus respuestas' }).waitFor();
      await shot(page, 'curso-evaluacion-resultado');
      if (!(await page.getByText('¡Aprobado! Has superado la evaluación.').isVisible())) {
        const corrections = await page.getByText(/^Respuesta correcta: [A-D]\./).allTextContents();
        const key = corrections.map((t) => /Respuesta correcta: ([A-D])\./.exec(t)![1]);
        expect(key).toHaveLength(questions);
        await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
        await answerAll(page, (i) => key[i]);
        await send.click();
      }
      await page.getByText('¡Aprobado! Has superado la evaluación.').waitFor();
      await page.getByRole('navigation', { name: 'Contenido del curso' }).getByText('Aprobada').first().waitFor();

      // The dashboard shows the course, its progress and the way back to the last lesson.
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Mis Cursos' }).click();
      await page.waitForURL('**/dashboard');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
      await card.getByText('Modo demostración').waitFor();
      expect(Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      expect(await card.getByRole('link', { name: /Continuar/ }).getAttribute('href')).toContain(`/course/${courseId}?modulo=`);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'dashboard');

      // The same screens on a phone: the outline folds away, nothing serious for axe.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'dashboard');
      await card.getByRole('link', { name: /Continuar/ }).click();
      const outline = page.getByRole('button', { name: 'Contenido del curso' });
      await outline.waitFor();
      expect(await outline.getAttribute('aria-expanded')).toBe('false');
      await shot(page, 'curso-leccion');
      await outline.click();
      await page.getByRole('navigation', { name: 'Contenido del curso' }).getByRole('link', { name: /Evaluación del módulo/ }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'curso-temario');
      await page.goto(`${BASE}/generar`);
      await page.getByLabel('¿Qué quieres aprender?').fill('Fotografía digital');
      await page.getByRole('button', { name: 'Ver sugerencias' }).click();
      await page.getByRole('heading', { name: 'Sugerencias para ti' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'generar-sugerencias');
      await page.goto(`${BASE}/course/no-existe`);
      await page.getByRole('heading', { name: 'No encontramos ese curso' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } catch (error) {
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'courses-failure.png'), fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
  }, 180_000);
});
