import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { passModule, type Send } from '../support/certificate-fixture';
import { BASE, seriousViolations, until } from './helpers';

// Steps of the learner's first hour (test/e2e/courses.e2e.test.ts, issue 34): a study link's landing,
// a review session to its end, and a course finished up to its last lesson.

/** The element's top is on screen and below the sticky header's bottom edge (not hidden under it). */
export const belowHeader = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    return box !== undefined && box.top >= header - 1 && box.top < window.innerHeight / 2;
  }, selector);

/** Opens a study link in its own tab at each width: the heading it names settles below the header (saved to `shots` when set). */
export async function studyLinkLands(page: Page, href: string, shots?: string) {
  const target = `[id="${href.split('#')[1]}"]`;
  const tab = await page.context().newPage();
  try {
    for (const [width, height] of [[1280, 900], [390, 844]]) {
      await tab.setViewportSize({ width, height });
      await tab.goto(`${BASE}${href}`);
      await tab.locator(target).waitFor();
      // The lesson arrives after the page: the restoration holds the anchor while it settles.
      await until(() => belowHeader(tab, target), `${target} below the header at ${width} px`, 15_000);
      if (shots) {
        await tab.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 5_000 });
        await tab.screenshot({ path: join(shots, `courses-seccion-${width}.png`) });
      }
    }
  } finally {
    await tab.close();
  }
}

/** Reviews cards until the session ends (an option or "Mostrar respuesta", then 3 = Bien); returns how many. `first` sees the first answered card. */
export async function reviewSession(page: Page, first: () => Promise<void>) {
  await page.getByRole('heading', { name: 'Repaso de hoy' }).waitFor();
  let reviewed = 0;
  const end = page.getByText(/^¡Sesión terminada!/);
  while (!(await end.isVisible())) {
    await page.getByRole('article').waitFor({ timeout: 15_000 }).catch(() => undefined);
    if (await end.isVisible()) break;
    const question = (await page.locator('#pregunta-repaso').textContent()) ?? '';
    const reveal = page.getByRole('button', { name: 'Mostrar respuesta' });
    if (await reveal.isVisible()) await reveal.click();
    else await page.getByRole('list', { name: 'Opciones' }).getByRole('button').first().click();
    await page.getByText('¿Qué tal la recordabas?').waitFor();
    if (reviewed === 0) {
      expect(await seriousViolations(page, { bestPractice: false })).toEqual([]);
      await first();
    }
    await page.keyboard.press('3');
    reviewed++;
    await until(async () => (await end.isVisible()) || (await page.locator('#pregunta-repaso').textContent().catch(() => null)) !== question, 'the next card or the end', 15_000);
  }
  return reviewed;
}

/** Every lesson completed and every evaluation passed through the API, but for module 1's (passed) and the last lesson. */
export async function finishAllButLastLesson(token: string, courseId: string) {
  const send: Send = async (method, path, body) => {
    const res = await fetch(`${BASE}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  await until(async () => (await send('GET', `/courses/${courseId}`)).body.data.estado === 'listo', 'every lesson written', 60_000);
  const modulos = (await send('GET', `/courses/${courseId}`)).body.data.modulos as { moduleId: string; lecciones: { lessonId: string; titulo: string }[] }[];
  const last = { moduleId: modulos.at(-1)!.moduleId, ...modulos.at(-1)!.lecciones.at(-1)! };
  for (const m of modulos) {
    if (m.moduleId !== 'm01') expect((await passModule(send, courseId, m.moduleId)).status).toBe(200);
    for (const l of m.lecciones) {
      if (m.moduleId === last.moduleId && l.lessonId === last.lessonId) continue;
      expect((await send('POST', `/courses/${courseId}/progress`, { moduleId: m.moduleId, lessonId: l.lessonId, estado: 'completado' })).status).toBe(200);
    }
  }
  return last;
}
