import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { finishCourse, type Send } from '../support/certificate-fixture';
import { BASE, describeE2E, launch, newPage, registeredLearner, signIn, until } from './helpers';

// Issue 15 end to end: a learner finishes a course (every lesson completed and every module
// evaluation passed, through the API for speed), finds the certificate in /profile, downloads its
// PDF, and anyone, signed out, opens its verification page.
// MENTORA_SHOTS_DIR=<dir> also saves each screen there (1280 and 390 px).

const SHOTS = process.env.MENTORA_SHOTS_DIR;
async function shotBoth(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The learner's own API calls, with the token the SPA stored. */
const viaHttp = (token: string): Send => async (method, path, body) => {
  const res = await fetch(`${BASE}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

async function waitForCourse(send: Send, courseId: string) {
  await until(async () => (await send('GET', `/courses/${courseId}`)).body.data?.estado === 'listo', 'the course to be written', 60_000);
}

describeE2E('a learner earns a certificate and anyone verifies it (issue 15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('finished course → "Mis certificados" in /profile → PDF → verification page signed out', async () => {
    const learner = await registeredLearner();
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, learner);
      const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
      const send = viaHttp(token);
      const plan = await send('POST', '/courses/plan', { topic: 'Historia de la fotografía', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
      const courseId: string = plan.body.curso.courseId;
      await waitForCourse(send, courseId);
      const walk = await finishCourse(send, courseId);
      expect(walk.issued).toHaveLength(1);
      const { certificateId, verificacion } = walk.issued[0];

      await page.goto(`${BASE}/profile`);
      const list = page.getByRole('region', { name: 'Mis certificados' });
      await list.getByText('Historia de la fotografía', { exact: false }).first().waitFor({ timeout: 15_000 });
      const download = page.waitForEvent('download');
      await list.getByRole('button', { name: 'Descargar PDF' }).click();
      expect((await download).suggestedFilename()).toMatch(/^certificado-.+\.pdf$/);
      await shotBoth(page, 'profile-certificados');

      // Anyone with the link, signed out: name, title, date and validity.
      const stranger = await newPage(browser);
      try {
        await stranger.page.goto(`${BASE}${verificacion}`);
        await stranger.page.getByText('Certificado válido').waitFor({ timeout: 15_000 });
        expect(await stranger.page.getByText('Lucía Gómez').isVisible()).toBe(true);
        expect(await stranger.page.getByText(certificateId).isVisible()).toBe(true);
        expect(await stranger.page.getByRole('button', { name: 'Iniciar Sesión' }).or(stranger.page.getByRole('link', { name: 'Iniciar Sesión' })).first().isVisible()).toBe(true);
        await shotBoth(stranger.page, 'verificacion');
        await stranger.page.goto(`${BASE}/certificados/00000000-0000-4000-8000-000000000000`);
        await stranger.page.getByText('No encontramos ningún certificado con este código.').waitFor();
      } finally {
        await stranger.context.close();
      }
    } finally {
      await context.close();
    }
  }, 240_000);
});
