import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { answerEvaluation } from './evaluation-steps';
import { BASE, describeE2E, launch, learnerWithCourse, newPage, seriousViolations, signIn } from './helpers';

// Issue 32 item 4, the corrective loop in the browser: a failed attempt's result offers the Refuerzo
// guiado before the retry; the learner prepares it (a model job the page follows), reads the other
// explanation and the faded example, answers a practice item and gets the feedback at once, then
// answers its open question in their own words and reads the grader's verdict. At 1280
// and 390 px (two attempts of the same module: the day allows two), axe clean, screenshots kept.

const SHOTS = process.env.MENTORA_SHOTS_DIR ? join(process.env.MENTORA_SHOTS_DIR, 'refuerzo') : '/tmp/shots/refuerzo';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

describeE2E('Refuerzo guiado (issue 32 item 4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a failed attempt offers the Refuerzo guiado; practice is corrected at once (1280 and 390 px)', async () => {
    const { learner, courseId } = await learnerWithCourse();
    for (const [width, height] of [[1280, 900], [390, 844]]) {
      const { context, page } = await newPage(browser, width, height);
      try {
        await signIn(page, learner);
        await page.goto(`${BASE}/course/${courseId}?modulo=m01&evaluacion=1`);
        // The first option everywhere: on the offline bank it leaves objectives short.
        await answerEvaluation(page, (q) => q.opciones[0].opcion);
        await page.getByRole('button', { name: 'Enviar respuestas' }).click();
        await page.getByText(/\d+ de \d+ respuestas correctas/).waitFor();
        await page.getByText('Te recomendamos dominar este módulo antes de pasar al siguiente. Si lo prefieres, puedes seguir igualmente.').waitFor();
        // The retry stays where it was, beside the offer.
        await page.getByRole('button', { name: 'Intentar con otras preguntas' }).waitFor();
        const offer = page.getByRole('region', { name: 'Refuerzo guiado' });
        await offer.getByRole('button', { name: 'Preparar mi refuerzo guiado' }).click();
        await offer.getByRole('heading', { name: 'Otra forma de verlo' }).waitFor({ timeout: 60_000 });
        await offer.getByText(/^Paso \d+ \(tu turno\)/).first().waitFor();
        await offer.getByLabel('Escribe cómo lo resolverías').first().fill('Aplicaría la idea de la lección a este caso.');
        await offer.getByText('Comparar con la solución').first().click();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'ofrecido');
        // A <details> is a group too: the first practice item's, by its name.
        const first = offer.getByRole('group', { name: /^Ejercicio 1\. / });
        await first.getByRole('button').first().click();
        await offer.getByText(/^(¡Correcto!|No es correcta: elegiste la A\.)$/).first().waitFor();
        await offer.getByText(/\(correcta\)$/).first().waitFor();
        // Issue 32 item 5: the piece's open question, graded by a model job; the verdict shows in the page.
        await offer.getByRole('heading', { name: 'Con tus palabras' }).waitFor();
        await offer.getByLabel('Tu respuesta, con tus palabras').fill('Con mis palabras: aplico la idea principal del módulo a este caso y explico por qué funciona así.');
        await offer.getByRole('button', { name: 'Comprobar mi respuesta' }).click();
        await offer.getByText(/^(Correcta|Casi: te falta algo|Todavía no)$/).waitFor({ timeout: 60_000 });
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'corregido');
      } finally {
        await context.close();
      }
    }
  }, 300_000);
});
