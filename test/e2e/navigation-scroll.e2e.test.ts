import type { Browser, Page } from 'playwright-core';
import { describeE2E, launch, newPage, registeredLearner, signIn, until } from './helpers';

// Issue 34 item 5, where scrolling happens: a new page opens at its top, back returns to where the
// learner was, and choosing a suggestion brings the form it filled into view.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** The element's top edge lies within the viewport, below the sticky header (not hidden under it). */
const inView = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    return r.top >= header - 1 && r.top < window.innerHeight;
  }, selector);

describeE2E('navigation opens pages at their top and restores on back (issue 34)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it.each([[1280, 900], [390, 844]])('at %i px wide', async (width, height) => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser, width, height);
    try {
      await signIn(page, learner);
      // The footer's "Crear un curso" from the bottom of the dashboard.
      // The dashboard's cards arrive a moment after it (review, courses): scroll once its height has
      // settled, so the position read is the one the learner leaves from.
      let height = 0;
      await until(async () => {
        const now = await page.evaluate(() => document.documentElement.scrollHeight);
        const settled = now === height;
        height = now;
        if (!settled) await new Promise((r) => setTimeout(r, 400));
        return settled;
      }, 'the dashboard to settle');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await until(async () => (await scrollY(page)) > 0, 'the dashboard to scroll down');
      const bottom = await scrollY(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Crear un curso' }).click();
      await page.waitForURL('**/generar');
      await page.getByLabel('¿Qué quieres aprender?').waitFor();
      await until(async () => (await scrollY(page)) === 0, '/generar to open at its top');

      // Suggestions come into view, and choosing one brings the filled form back into view.
      await page.getByLabel('¿Qué quieres aprender?').fill('Historia de Roma');
      await page.getByRole('button', { name: 'Ver sugerencias' }).click();
      const choose = page.getByRole('button', { name: /^Elegir esta:/ }).last();
      await choose.waitFor();
      await choose.click();
      await until(() => inView(page, 'input[name="topic"]'), 'the form to come into view after choosing');
      expect(await page.getByLabel('¿Qué quieres aprender?').inputValue()).not.toBe('Historia de Roma');

      // Back: the dashboard where the learner left it.
      await page.goBack();
      await page.waitForURL('**/dashboard');
      await until(async () => Math.abs((await scrollY(page)) - bottom) < 4, `the dashboard back at y=${bottom}`);
    } finally {
      await context.close();
    }
  });
});
