import type { Browser, Page, Route } from 'playwright-core';
import { BASE, describeE2E, launch, learnerWithCourse, newPage, registeredLearner, signIn, until } from './helpers';
import { answerEvaluation } from './evaluation-steps';

// SPEC §4, proven where it renders (issue 34 item 2): the blocking overlay shows while a blocking
// request is in flight, fades in after 10 ms, is removed 300 ms after the request ends, locks the
// page's scroll and swallows Tab and Escape. jsdom passed while Chromium never showed the login's.

/** Holds every request to `pattern` until `release()` is called. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route(pattern, async (route: Route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

const overlay = (page: Page) => page.getByTestId('loading-overlay');

async function expectBlocking(page: Page, message: string) {
  await overlay(page).waitFor({ state: 'visible', timeout: 5_000 });
  await until(async () => (await overlay(page).getAttribute('data-visible')) === 'true', 'the overlay to fade in', 5_000);
  expect(await overlay(page).textContent()).toContain(message);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  // Tab and Escape are swallowed before anything on the page sees them.
  const seen = await page.evaluate(() => {
    const keys: string[] = [];
    const listener = (e: KeyboardEvent) => keys.push(e.key);
    window.addEventListener('keydown', listener);
    (window as unknown as { __keys: string[] }).__keys = keys;
    return true;
  });
  expect(seen).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => (window as unknown as { __keys: string[] }).__keys)).toEqual([]);
}

async function expectGoneAfterRelease(page: Page, release: () => void) {
  const released = Date.now();
  release();
  await overlay(page).waitFor({ state: 'detached', timeout: 5_000 });
  // Removed 300 ms after the request ended (the answer's own time on the wire adds to it).
  expect(Date.now() - released).toBeGreaterThanOrEqual(300);
  expect(await page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
}

describeE2E('the blocking loading overlay in Chromium (SPEC §4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it.each([[1280, 900], [390, 844]])('shows "Iniciando sesión..." while the login is in flight, at %i px', async (width, height) => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser, width, height);
    try {
      await page.goto(`${BASE}/login`);
      await page.getByLabel('Correo electrónico').fill(learner.email);
      await page.getByLabel('Contraseña').fill(learner.password);
      const login = await hold(page, '**/api/auth/login');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await until(() => login.held() > 0, 'the login request to be held');
      await expectBlocking(page, 'Iniciando sesión...');
      await expectGoneAfterRelease(page, login.release);
      await page.waitForURL('**/dashboard');
    } finally {
      await context.close();
    }
  });

  it('shows the course, progress and evaluation overlays while their requests are in flight', async () => {
    const { learner, courseId } = await learnerWithCourse();
    const { context, page } = await newPage(browser, 1280, 900);
    try {
      await signIn(page, learner);

      // course: opening the course holds GET /courses/{id}.
      const course = await hold(page, `**/api/courses/${courseId}`);
      await page.goto(`${BASE}/course/${courseId}`);
      await until(() => course.held() > 0, 'the course request to be held');
      await expectBlocking(page, 'Cargando datos de la clase...');
      await expectGoneAfterRelease(page, course.release);
      await page.unroute(`**/api/courses/${courseId}`);

      // progress: marking a lesson done holds POST /courses/{id}/progress.
      const progress = await hold(page, `**/api/courses/${courseId}/progress`);
      await page.getByRole('button', { name: 'Marcar como completada' }).first().click();
      await until(() => progress.held() > 0, 'the progress request to be held');
      await expectBlocking(page, 'Guardando progreso...');
      await expectGoneAfterRelease(page, progress.release);
      await page.unroute(`**/api/courses/${courseId}/progress`);

      // evaluacion: sending an attempt holds POST /courses/{id}/modules/{moduleId}/evaluation.
      await page.getByRole('link', { name: 'Evaluación del módulo' }).first().click();
      await answerEvaluation(page, ({ opciones }) => opciones[0].opcion);
      const attempt = await hold(page, `**/api/courses/${courseId}/modules/*/evaluation`);
      await page.getByRole('button', { name: 'Enviar respuestas' }).click();
      await until(() => attempt.held() > 0, 'the attempt to be held');
      await expectBlocking(page, 'Corrigiendo tu evaluación...');
      await expectGoneAfterRelease(page, attempt.release);
    } finally {
      await context.close();
    }
  });
});
