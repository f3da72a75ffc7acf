import type { Browser } from 'playwright-core';
import { BASE, describeE2E, launch, newPage, seriousViolations, sidewaysOverflow, until } from './helpers';

// Issue 34 item 10: help, contact, terms and privacy are real pages, reached from the footer and the
// auth layout's "Contáctanos", and the contact form reaches the operators (locally, the mailbox).

const SHOTS = process.env.MENTORA_SHOTS_DIR;

describeE2E('help, contact, terms and privacy (issue 34)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it.each([[1280, 900], [390, 844]])('a signed-out visitor finds them and writes to the operators, at %i px', async (width, height) => {
    const { context, page } = await newPage(browser, width, height);
    try {
      await page.goto(`${BASE}/login`);
      await page.getByRole('link', { name: 'Contáctanos' }).click();
      await page.waitForURL('**/contacto');
      const email = `contacto-${Date.now().toString(36)}${width}@example.com`;
      await page.getByLabel('Nombre').fill('Marta Gil');
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Motivo').selectOption('problema');
      await page.getByLabel('Mensaje').fill('El audio de la lección 2 no empieza en mi móvil.');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/contacto-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      await page.getByText('Mensaje enviado').waitFor();
      await until(async () => {
        const mails = (await (await fetch(`${BASE}/__local/mail?to=operadores@mentora.local`, { headers: { accept: 'application/json' } })).json()) as { body?: string }[];
        return mails.some((m) => m.body?.includes(email) && m.body.includes('no empieza en mi móvil'));
      }, 'the message in the operators\' mailbox');

      for (const [label, heading, path] of [['Centro de Ayuda', 'Centro de Ayuda', 'ayuda'], ['Términos', 'Términos de uso', 'terminos'], ['Privacidad', 'Privacidad', 'privacidad']] as const) {
        await page.getByRole('contentinfo').getByRole('link', { name: label }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: 0 });
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${path}-${width}.png`, fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
});
