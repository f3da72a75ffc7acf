import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rightOfflineOption, wrongOfflineOption } from '../integration/courses/support/courses';
import { answerEvaluation } from './evaluation-steps';
import { BASE, api, describeE2E, launch, learnerWithCourse, newPage, seriousViolations, sidewaysOverflow, signIn } from './helpers';

// Issue 41: an attempt's result in three states. A learner passes module 1 with every answer right
// (through the API), then takes a second attempt in the browser, answering nearly all wrong: an
// objective with a dozen questions reads "Te falta" (the learner model agrees), those with three or
// four "Aún no está claro" (the attempt alone would name them, the whole attempt right before says
// otherwise): offered practice, never "Dominas". Each objective sits in the group its state names.
// Judged at 1280 and 390 px, axe clean. MENTORA_SHOTS_DIR=<dir> saves the screens.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
/** The result from its score to the Refuerzo guiado's offer (the list of questions below is another test's). */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page capture draws the sticky header and the tutor's floating button where the scroll left them.
  await page.evaluate(() => window.scrollTo(0, 0));
  const scrollY = await page.evaluate(() => window.scrollY);
  const top = (await page.getByRole('status').filter({ hasText: /respuestas correctas/ }).boundingBox())!;
  const end = (await page.getByRole('region', { name: 'Refuerzo guiado' }).boundingBox())!;
  const clip = { x: 0, y: top.y + scrollY - 16, width: page.viewportSize()!.width, height: end.y + end.height - top.y + 32 };
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true, clip });
}

describeE2E('The result in three states (issue 41)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names "Te falta" only where the model agrees and says "Aún no está claro" otherwise, at 1280 and 390 px', async () => {
    const { learner, token, courseId } = await learnerWithCourse();
    const shown = (await api('POST', '/api/evaluacion/generate', token, { courseId, moduleId: 'm01' })).data;
    const answers = (shown.preguntas as { preguntaId: string; opciones: { opcion: string; texto: string }[] }[]).map((p) => ({ preguntaId: p.preguntaId, opcion: rightOfflineOption(p.opciones) }));
    expect((await api('POST', `/api/courses/${courseId}/modules/m01/evaluation`, token, { answers })).data.aprobado).toBe(true);
    const [first] = (await api('GET', `/api/courses/${courseId}`, token)).data.modulos[0].lecciones.map((l: { titulo: string }) => `«${l.titulo}»`);

    const { context, page } = await newPage(browser, 1280, 900);
    try {
      await signIn(page, learner);
      await page.goto(`${BASE}/course/${courseId}?modulo=m01&evaluacion=1`);
      // Lesson 1's questions all wrong, three of the rest right; the grader's answer is read as the page gets it.
      let right = 0;
      await answerEvaluation(page, (q) => (!q.stem.includes(first) && right++ < 3 ? rightOfflineOption(q.opciones) : wrongOfflineOption(q.opciones)));
      const graded = page.waitForResponse((r) => r.url().endsWith('/modules/m01/evaluation') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Enviar respuestas' }).click();
      const objetivos = (await (await graded).json()).data.objetivos as { enunciado: string; correctas: number; total: number; estado: string }[];
      const result = page.locator('section[aria-labelledby="objetivos-resultado"]');
      await result.getByRole('heading', { name: 'Por objetivos' }).waitFor();
      // After a whole attempt right, the offline course's smaller objectives (3–4 questions here, all
      // wrong) stay unclear to the model; the objective of lesson 2 (a dozen, 3 right) is missing.
      expect(objetivos.map((o) => o.estado).sort()).toEqual(expect.arrayContaining(['falta', 'incierto']));
      const regions = { domina: 'Dominas:', falta: 'Te falta:', incierto: 'Aún no está claro:' } as Record<string, string>;
      for (const o of objetivos) {
        expect(o.correctas / o.total).toBeLessThan(0.5);
        await result.getByRole('region', { name: regions[o.estado] }).getByText(`${o.enunciado} (${o.correctas} de ${o.total})`).waitFor();
      }
      expect(await result.getByRole('region', { name: 'Dominas:' }).count()).toBe(0);
      const unclear = result.getByRole('region', { name: 'Aún no está claro:' });
      await unclear.getByText(/no lo contamos como dominado/).waitFor();
      await unclear.getByRole('link').first().waitFor();
      // Both are offered the Refuerzo guiado, named as what they are.
      await page.getByText(/practica lo que te falta y lo que aún no está claro con un refuerzo/).waitFor();
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'resultado-tres-estados');
      }
    } finally {
      await context.close();
    }
  }, 300_000);
});
