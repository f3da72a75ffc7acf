import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BASE, api, describeE2E, launch, learnerWithCourse, newPage, seriousViolations, signIn, until } from './helpers';

// Issue 34 item 1 at 1280 and 390 px: on a course page the lesson's title is on the first screen
// (sharing and SCORM wait in "Opciones del curso"), the tutor's button is on screen at any scroll
// position and never over the lesson. axe finds nothing serious. A finished course (item 7: "Completado" with its certificate
// first, on the page and on the dashboard, "100 %" on one line) is the end of the first-hour walk in
// courses.e2e.test.ts.
// MENTORA_SHOTS_DIR=<dir> also saves each screen there.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
const shot = async (page: Page, name: string, width: number) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `course-first-${name}-${width}.png`) });
};
const onFirstScreen = async (page: Page, name: string, height: number) => {
  const box = await page.getByRole('heading', { level: 2, name }).boundingBox();
  // Above the tutor's bar on a phone, not under it.
  const bar = await page.getByRole('complementary', { name: 'Tutor IA' }).boundingBox();
  const bottom = bar && bar.x === 0 ? Math.min(bar.y, height) : height;
  return !!box && box.y >= 0 && box.y + box.height <= bottom;
};

describeE2E('the lesson first (issue 34)', () => {
  it('lesson on the first screen, tutor at any scroll, menu, at 1280 and 390 px', async () => {
    const browser = await launch();
    const { learner, token, courseId } = await learnerWithCourse();
    try {
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        const { context, page } = await newPage(browser, width, height);
        try {
          await signIn(page, learner);
          await page.goto(`${BASE}/course/${courseId}`);
          const course = (await api('GET', `/api/courses/${courseId}`, token)).data;
          const first = course.modulos[0].lecciones[0].titulo as string;
          await page.getByRole('heading', { level: 2, name: first }).waitFor();
          // Measured once what loads late has loaded (the download panel, a lazy chunk, once pushed the title under
          // the tutor's bar at 390 px a moment after it appeared; a measure taken at once raced it).
          await page.getByRole('button', { name: 'Descargar para estudiar sin conexión' }).waitFor();
          await page.getByTestId('loading-overlay').waitFor({ state: 'hidden' });
          expect(await onFirstScreen(page, first, height)).toBe(true);
          expect(await page.getByRole('button', { name: 'Compartir por enlace' }).count()).toBe(0);
          expect(await seriousViolations(page)).toEqual([]);
          await shot(page, 'leccion', width);
          // Halfway down the lesson, the tutor is still one press away, and never over the lesson: beside it
          // at 1280 (under the outline), a bar at the bottom of a phone's screen that the page ends above.
          const button = page.getByRole('button', { name: /Preguntar al tutor/ });
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
          await until(async () => (await page.evaluate(() => window.scrollY)) > height, 'the page to scroll halfway');
          expect(await button.isVisible()).toBe(true);
          const tutor = (await button.boundingBox())!;
          expect(tutor.y + tutor.height).toBeLessThanOrEqual(height);
          await shot(page, 'leccion-a-media-pagina', width);
          if (width >= 1024) {
            const lesson = (await page.getByRole('heading', { level: 2, name: first }).boundingBox())!;
            expect(tutor.x + tutor.width).toBeLessThanOrEqual(lesson.x);
          } else {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            await until(async () => (await page.evaluate(() => window.scrollY + window.innerHeight)) >= (await page.evaluate(() => document.documentElement.scrollHeight)) - 1, 'the page to scroll to its end');
            const bar = (await page.getByRole('complementary', { name: 'Tutor IA' }).boundingBox())!;
            const footer = (await page.getByRole('contentinfo').boundingBox())!;
            expect(footer.y + footer.height).toBeLessThanOrEqual(bar.y + 1);
            await shot(page, 'final-de-pagina', width);
          }
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.getByRole('button', { name: 'Opciones del curso' }).click();
          await page.getByRole('button', { name: 'Compartir por enlace' }).waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          await shot(page, 'menu', width);
          await page.keyboard.press('Escape');
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  });
});
