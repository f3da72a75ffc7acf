import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BASE, api, describeE2E, launch, newPage, registeredLearner, seriousViolations, signIn, until } from './helpers';

// Issue 33 item 5: a newcomer who asks for a featured topic reads the team-written course on the
// local stack, at 1280 and 390 px: the lesson's own title and its code, which stays inside the screen
// (a long line scrolls in its block, the page does not), with nothing serious for axe.
// Issue 43: its diagram, drawn for the width; and the Roma timeline and Fotografía's two diagrams.
// MENTORA_SHOTS_DIR=<dir> also saves the lessons' diagrams (and the Python lesson) at both widths there.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
const FIRST = 'Tu primer programa: valores y variables';

describeE2E('a featured course, as a newcomer reads it (issue 33)', () => {
  it('serves the team-written Python lesson with its code inside the screen, at 1280 and 390 px', async () => {
    const browser = await launch();
    const learner = await registeredLearner();
    const token = (await api('POST', '/api/auth/login', undefined, { email: learner.email, password: learner.password })).tokens.accessToken as string;
    const plan = await api('POST', '/api/courses/plan', token, { topic: 'Introducción a la programación con Python', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    const courseId = plan.curso.courseId as string;
    await until(async () => (await api('GET', `/api/jobs/${plan.jobId}`, token)).data.status === 'completado', `course ${courseId} generated`, 90_000);
    try {
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        const { context, page } = await newPage(browser, width, height);
        try {
          await signIn(page, learner);
          await page.goto(`${BASE}/course/${courseId}`);
          await page.getByRole('heading', { level: 2, name: FIRST }).waitFor({ timeout: 30_000 });
          await page.getByRole('heading', { name: 'Variables: datos con nombre' }).waitFor();
          const code = page.locator('pre').filter({ hasText: 'print("Hola, Ana")' });
          expect(await code.count()).toBe(1);
          // The page never scrolls sideways; a code block wider than the screen scrolls inside itself.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          const box = await code.boundingBox();
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
          // Issue 43: the team's diagram of the program's flow, drawn by code: a figure with its caption,
          // the layout for this width shown (its labels real text), inside the screen.
          const figure = page.locator('figure').filter({ has: page.locator('figcaption', { hasText: 'El recorrido de un programa que pide un dato' }) });
          await figure.waitFor();
          const picture = figure.getByRole('img', { name: 'Diagrama de proceso: El recorrido de un programa que pide un dato' }).locator('visible=true');
          expect(await picture.count()).toBe(1);
          expect(await picture.locator('text').allTextContents()).toEqual(expect.arrayContaining(['input() pregunta y espera']));
          const drawn = await picture.boundingBox();
          expect(drawn!.x + drawn!.width).toBeLessThanOrEqual(width);
          expect(await seriousViolations(page)).toEqual([]);
          if (SHOTS) {
            mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: join(SHOTS, `featured-python-leccion-${width}.png`), fullPage: true });
            await figure.screenshot({ path: join(SHOTS, `featured-python-diagrama-${width}.png`) });
          }
          // Issue 43 item 5: the printed lesson carries the diagram. On paper CSS still shows exactly one of
          // the two pictures, with its caption, and the figure is never split across pages (it is shorter
          // than an A4 page's printable height, 1,047 px at 96 dpi with 1 cm margins, so avoiding a break can hold).
          await page.emulateMedia({ media: 'print' });
          expect(await figure.getByRole('img').locator('visible=true').count()).toBe(1);
          expect(await figure.locator('figcaption').isVisible()).toBe(true);
          expect(await figure.evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
          expect((await figure.boundingBox())!.height).toBeLessThan(1047);
          if (SHOTS) await page.pdf({ path: join(SHOTS, `featured-python-leccion-${width}.pdf`) });
          await page.emulateMedia({ media: 'screen' });
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  });

  // Issue 43 item 4: the Roma timeline and Fotografía's path of light and exposure triangle, each drawn
  // for the width (its labels real text, inside the screen), its caption and description for a screen
  // reader, with nothing serious for axe.
  it('draws the Roma timeline and the Fotografía diagrams at 1280 and 390 px', async () => {
    const browser = await launch();
    const learner = await registeredLearner();
    const token = (await api('POST', '/api/auth/login', undefined, { email: learner.email, password: learner.password })).tokens.accessToken as string;
    const cases = [
      { topic: 'Historia de la antigua Roma', level: 'intermedio', leccion: 'l02', name: 'Línea de tiempo: De la crisis de la República al principado (133-27 a. C.)', label: '27 a. C. Octavio es Augusto', describes: 'Línea de tiempo de siete hechos', shot: 'roma-linea-de-tiempo' },
      { topic: 'Fotografía digital', level: 'principiante', leccion: 'l01', name: 'Diagrama de proceso: El camino de la luz dentro de la cámara', label: 'El objetivo la enfoca', describes: 'Proceso de cinco pasos', shot: 'fotografia-camino-de-la-luz' },
      { topic: 'Fotografía digital', level: 'principiante', leccion: 'l02', name: 'Diagrama de ciclo: El triángulo de exposición', label: 'ISO: luz y ruido', describes: 'Tres ajustes en círculo', shot: 'fotografia-triangulo' },
    ];
    const courses = new Map<string, string>();
    await Promise.all([...new Set(cases.map((c) => c.topic))].map(async (topic) => {
      const level = cases.find((c) => c.topic === topic)!.level;
      const plan = await api('POST', '/api/courses/plan', token, { topic, level, modulos: 2, leccionesPorModulo: 2 });
      await until(async () => (await api('GET', `/api/jobs/${plan.jobId}`, token)).data.status === 'completado', `course ${topic} generated`, 90_000);
      courses.set(topic, plan.curso.courseId as string);
    }));
    try {
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        const { context, page } = await newPage(browser, width, height);
        try {
          await signIn(page, learner);
          for (const c of cases) {
            await page.goto(`${BASE}/course/${courses.get(c.topic)}?modulo=m01&leccion=${c.leccion}`);
            const figure = page.locator('figure').filter({ has: page.locator('figcaption', { hasText: c.name.split(': ').slice(1).join(': ') }) });
            await figure.waitFor({ timeout: 30_000 });
            const picture = figure.getByRole('img', { name: c.name }).locator('visible=true');
            expect(await picture.count()).toBe(1);
            expect(await picture.locator('text').allTextContents()).toEqual(expect.arrayContaining([c.label]));
            // The description a screen reader reads with the picture.
            const described = await picture.getAttribute('aria-describedby');
            expect(await page.locator(`[id="${described}"]`).textContent()).toContain(c.describes);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
            const drawn = await picture.boundingBox();
            expect(drawn!.x + drawn!.width).toBeLessThanOrEqual(width);
            expect(await seriousViolations(page)).toEqual([]);
            if (SHOTS) {
              mkdirSync(SHOTS, { recursive: true });
              await figure.screenshot({ path: join(SHOTS, `featured-${c.shot}-${width}.png`) });
            }
          }
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  });
});
