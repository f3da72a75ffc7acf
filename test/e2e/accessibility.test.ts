import type { Browser, Page } from 'playwright-core';
import { BASE, describeE2E, freshLearner, launch, newPage, registeredLearner, seriousViolations, sidewaysOverflow, signIn } from './helpers';

// axe-core on every page: no serious or critical violation of WCAG 2.1 A/AA; and no page scrolls
// sideways at either width (issue 34: /social was 392 px wide at 390).

const PROTECTED = ['/dashboard', '/course/demo', '/repaso', '/materiales', '/aulas', '/profile', '/social', '/changeplan', '/generar', '/payments/history', '/payments/methods', '/payments/upgrade', '/payments/success', '/payments/cancel', '/profile/billing'];

describeE2E('accessibility (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('the checker itself sees a planted violation (a test that can fail)', async () => {
    const { context, page } = await newPage(browser);
    await page.setContent('<!doctype html><html lang="es"><head><title>Prueba</title></head><body><main><h1>Prueba</h1><img src="/x.png"><button></button></main></body></html>');
    expect((await seriousViolations(page)).map((v) => v.split(' ')[0]).sort()).toEqual(['button-name', 'image-alt']);
    await context.close();
  });

  it.each([[1280], [390]])('public pages and the code step at %i px', async (width) => {
    const { context, page } = await newPage(browser, width);
    for (const path of ['/login', '/register']) {
      await page.goto(`${BASE}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect({ path, violations: await seriousViolations(page), overflow: await sidewaysOverflow(page) }).toEqual({ path, violations: [], overflow: 0 });
    }
    // Validation errors shown.
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByText('El nombre es obligatorio').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The code step.
    const learner = freshLearner();
    await page.getByLabel('Nombre').fill(learner.nombre);
    await page.getByLabel('Correo electrónico').fill(learner.email);
    await page.getByLabel('Contraseña').fill(learner.password);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByLabel('Código de confirmación').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  describe.each([[1280], [390]])('signed in at %i px', (width) => {
    let context: Awaited<ReturnType<typeof newPage>>['context'];
    let page: Page;
    beforeAll(async () => {
      const learner = await registeredLearner();
      ({ context, page } = await newPage(browser, width));
      await signIn(page, learner);
    });
    afterAll(async () => context?.close());

    it.each(PROTECTED)('%s', async (path) => {
      await page.goto(`${BASE}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    });

    it('the profile form and the open user menu', async () => {
      await page.goto(`${BASE}/profile`);
      await page.getByRole('button', { name: 'Editar perfil' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /Abrir el menú de usuario/ }).click();
      await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
