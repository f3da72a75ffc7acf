import { axeViolations, seriousOnly } from '../support/axe';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { wrongOfflineOption } from '../integration/courses/support/courses';
import { NEW_CARDS_PER_DAY } from '../../lambdas/contract';
import { api, BASE, describeE2E, launch, learnerWithCourse, newPage, problemsAtBothWidths, signIn, until, whileTheClockIsMine, WIDTHS } from './helpers';

// Issue 15, spaced review end to end: a learner fails an evaluation, the local clock moves a day
// (POST /__local/clock), the dashboard says how many questions are due, the tutor offers them,
// and the learner reviews every card (options or "Mostrar respuesta", then key 3 = Bien) until
// the end of the session; the weekly goal and the streak count the reviews. Issue 34: at most
// NEW_CARDS_PER_DAY new cards a day (the rest wait), in a session of 10 (the default length). Issue 44:
// two ratings given without a connection wait in the outbox, survive a closed tab, are sent once when
// the API answers again, and signing out leaves no offline data.

const SHOTS = process.env.MENTORA_REVIEW_SHOTS ?? '/tmp/shots/h6';
const DAY_MS = 86_400_000;

/** A learner with a generated course who answered every question of module 1's evaluation wrong. */
async function learnerWithMistakes() {
  const { learner, token, courseId } = await learnerWithCourse();
  const shown = (await api('POST', '/api/evaluacion/generate', token, { courseId, moduleId: 'm01' })).data;
  const answers = (shown.preguntas as { preguntaId: string; opciones: { opcion: string; texto: string }[] }[]).map((p) => ({ preguntaId: p.preguntaId, opcion: wrongOfflineOption(p.opciones) }));
  const graded = await api('POST', `/api/courses/${courseId}/modules/m01/evaluation`, token, { answers });
  expect(graded.data.correctas).toBe(0);
  return { learner, token, courseId, wrong: answers.length };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

const dueOnDashboard = async (page: Page) => Number(await page.getByTestId('repaso-pendientes').textContent());

describeE2E('spaced review of mistakes (issue 15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // One learner, one walk across both widths (issue 42: the same walk twice, desktop then phone, made two
  // learners and two courses): the dashboard is judged at both widths; the tutor's offer is followed at
  // 1280 px; the review session itself is done on a phone, where learners review; its end and the
  // dashboard after it are seen at both widths again.
  it('fail a question, come back the next day, see "Repaso de hoy" and review every card (1280 px, then a phone)', () => whileTheClockIsMine(async () => {
    const { learner, token, courseId, wrong: failed } = await learnerWithMistakes();
    // Today's share of the new cards; the rest are queued for the next days.
    const wrong = Math.min(failed, NEW_CARDS_PER_DAY);
    const [[desktopWidth, desktopHeight], [phoneWidth, phoneHeight]] = WIDTHS;
    const opened = await newPage(browser, desktopWidth, desktopHeight);
    const { context } = opened;
    let { page } = opened;
    const shots = (name: string) => (width: number) => shot(page, `${name}-${width === phoneWidth ? 'phone' : 'desktop'}`);
    try {
      await signIn(page, learner);
      await page.getByRole('heading', { name: 'Repaso de hoy' }).waitFor();
      expect(await dueOnDashboard(page)).toBe(0);

      await api('POST', '/__local/clock', undefined, { advanceMs: DAY_MS + 60_000 });
      await page.reload();
      await page.getByRole('heading', { name: 'Repaso de hoy' }).waitFor();
      expect(await dueOnDashboard(page)).toBe(wrong);
      expect(await problemsAtBothWidths(page, shots('dashboard-repaso'))).toEqual([]);

      // The tutor of that course suggests the review (no model call).
      await page.goto(`${BASE}/course/${courseId}?modulo=m01&leccion=l01`);
      await page.getByRole('button', { name: 'Preguntar al tutor' }).click();
      await page.getByRole('link', { name: `Repasar ${wrong} preguntas` }).click();
      await page.waitForURL(`**/repaso?curso=${courseId}`);

      // The session, on a phone.
      await page.setViewportSize({ width: phoneWidth, height: phoneHeight });
      await page.getByRole('heading', { name: 'Repaso de hoy' }).waitFor();
      await page.getByRole('article').waitFor();
      await shots('repaso-pregunta')(phoneWidth);
      // Issue 44: the first two cards are rated without a connection (the answer was shown before it dropped):
      // each waits in the outbox, the session goes on, and a closed tab keeps them (IndexedDB).
      const RATING = /\/api\/review\/[0-9a-f-]{36}$/;
      const hechas = async () => (await api('GET', '/api/review/summary', token)).data.metaSemanal.hechas as number;
      const offline = 2;
      for (let reviewed = 0; reviewed < wrong; reviewed++) {
        const question = (await page.locator('#pregunta-repaso').textContent()) ?? '';
        // Before answering, nothing on the page tells the answer.
        expect(await page.getByText(/Respuesta:/).count()).toBe(0);
        await page.getByRole('list', { name: 'Opciones' }).getByRole('button').first().click();
        await page.getByText('¿Qué tal la recordabas?').waitFor();
        // The module is not passed: the key stays secret, the card says where to study (issue 20).
        expect(await page.getByText(/Respuesta:/).count()).toBe(0);
        expect(await page.getByText('La respuesta se desbloquea al aprobar la evaluación.').count()).toBe(1);
        if (reviewed === 0) {
          expect(seriousOnly(await axeViolations(page, ['wcag2a', 'wcag2aa'], 'article'))).toEqual([]);
          await shots('repaso-respuesta')(phoneWidth);
        }
        if (reviewed < offline) await context.setOffline(true);
        await page.keyboard.press('3');
        await until(async () => (await page.locator('#pregunta-repaso').textContent().catch(() => null)) !== question, 'the next card or the end', 10_000);
        if (reviewed < offline) {
          await page.getByText(reviewed === 0 ? '1 calificación espera en este dispositivo' : '2 calificaciones esperan en este dispositivo', { exact: false }).waitFor();
          await page.getByText('Las evaluaciones con nota, el tutor, el Refuerzo guiado y los cursos nuevos necesitan conexión.').waitFor();
          // The network is back but the API is not reachable for ratings: the outbox tries and keeps them.
          if (reviewed === 0) await context.route(RATING, (route) => route.abort('internetdisconnected'));
          await context.setOffline(false);
        }
        if (reviewed === offline - 1) break;
      }
      expect(await problemsAtBothWidths(page, shots('repaso-sin-conexion'))).toEqual([]);
      expect(await hechas()).toBe(0);
      // The tab closed with two ratings waiting; a new one finds them still waiting.
      await page.close();
      page = await context.newPage();
      await page.goto(`${BASE}/repaso?curso=${courseId}`);
      await page.getByText('2 calificaciones esperan en este dispositivo', { exact: false }).waitFor();
      expect(await hechas()).toBe(0);
      // The API answers again: opening the review sends them, in order, each once.
      await context.unroute(RATING);
      await page.reload();
      await page.getByRole('article').waitFor();
      await until(async () => (await hechas()) === offline, 'the outbox sent', 15_000);
      await until(async () => (await page.getByText(/calificaci(ón|ones) esperan?/).count()) === 0, 'the notice gone', 5_000);
      await page.reload();
      await page.getByRole('article').waitFor();
      expect(await hechas()).toBe(offline);
      for (let reviewed = offline; reviewed < wrong; reviewed++) {
        const question = (await page.locator('#pregunta-repaso').textContent()) ?? '';
        await page.getByRole('list', { name: 'Opciones' }).getByRole('button').first().click();
        await page.getByText('¿Qué tal la recordabas?').waitFor();
        await page.keyboard.press('3');
        await until(async () => (await page.locator('#pregunta-repaso').textContent().catch(() => null)) !== question, 'the next card or the end', 10_000);
      }
      await page.getByText(`¡Sesión terminada! Repasaste ${wrong - offline} preguntas.`).waitFor();
      if (failed > wrong) await page.getByText(`${failed - wrong} preguntas nuevas esperan su turno`, { exact: false }).waitFor();
      expect(await problemsAtBothWidths(page, shots('repaso-terminado'))).toEqual([]);

      await page.getByRole('link', { name: 'Volver a mis cursos' }).click();
      await page.getByRole('heading', { name: 'Repaso de hoy' }).waitFor();
      expect(await dueOnDashboard(page)).toBe(0);
      const goal = page.getByRole('progressbar', { name: 'Progreso de la meta semanal' });
      expect(Number(await goal.getAttribute('aria-valuenow'))).toBe(Math.min(wrong, 5));
      await page.getByText('Hoy ya sumaste. ¡Sigue así!').waitFor();
      expect(await problemsAtBothWidths(page, shots('dashboard-meta'))).toEqual([]);
      // Signing out erases the browser's offline data (issue 44 item 4).
      await page.getByRole('button', { name: /Abrir el menú de usuario/ }).click();
      await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await until(async () => (await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''))).every((n) => !n.startsWith('mentora-sin-conexion')), 'no offline data left', 10_000);
      expect(await page.evaluate(() => localStorage.getItem('mentora-sin-conexion'))).toBeNull();
    } finally {
      await context.close();
    }
  }));
});
