import { axeViolations, seriousOnly } from '../support/axe';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE, describeE2E, launch, learnerWithCourse, newPage, signIn } from './helpers';
import { answerEvaluation } from './evaluation-steps';

// Issue 20, "Reportar pregunta" end to end: a learner answers an evaluation in the browser, opens
// the report dialog on a question of the result, and sends a reason; the dialog passes axe.

const SHOTS = process.env.MENTORA_REPORT_SHOTS ?? '/tmp/shots/reportar';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`) });
}

describeE2E('Reportar pregunta (issue 20)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ])('answer an evaluation, report a question of the result with a reason (%s)', async (label, width, height) => {
    const { learner, courseId } = await learnerWithCourse();
    const { context, page } = await newPage(browser, width, height);
    try {
      await signIn(page, learner);
      await page.goto(`${BASE}/course/${courseId}?modulo=m01&evaluacion=1`);
      await answerEvaluation(page, ({ opciones }) => opciones[0].opcion);
      await page.getByRole('button', { name: 'Enviar respuestas' }).click();
      await page.getByText(/\d+ de \d+ respuestas correctas/).waitFor();
      await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Reportar pregunta' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Reportar pregunta' });
      await dialog.waitFor();
      await dialog.getByLabel('Hay más de una opción correcta').check();
      await dialog.getByLabel('Comentario (opcional)').fill('Las opciones A y C dicen lo mismo.');
      expect(seriousOnly(await axeViolations(page, ['wcag2a', 'wcag2aa'], '[role="dialog"]'))).toEqual([]);
      await shot(page, `dialogo-${label}`);
      await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
      await page.getByRole('button', { name: 'Pregunta reportada' }).first().waitFor();
      await page.getByText('Gracias. No volverá a aparecer en tus evaluaciones y la revisaremos.').first().waitFor();
      await shot(page, `reportada-${label}`);
    } finally {
      await context.close();
    }
  });
});
