import { axeViolations, WCAG_21_AA } from '../../support/axe';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { browserGate, browserProblem, inCI, launchChromium } from '../../support/e2e-browser';
import { generateCourse } from '../courses/support/courses';
import { call, signUp } from '../support/api';

// Issue 25 part 3, proven with a runtime no one here wrote: the package Mentora's gateway answers is
// unzipped and served; a page installs scorm-again's Scorm12API (npm) as window.API, as an LMS would,
// and opens the SCOs in an iframe. What the runtime then holds (cmi.core.lesson_status,
// cmi.core.score.raw) is what a school's LMS would record. docs/scorm.md.

const SCORM_AGAIN = readFileSync(require.resolve('scorm-again/scorm12/min'), 'utf8');
// The LMS page: scorm-again's API on window.API before the SCO loads; `?mastery=` is what an LMS copies
// from the manifest's adlcp:masteryscore into cmi.student_data.mastery_score.
const LMS_PAGE = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>LMS de prueba</title>
<script src="/scorm-again.js"></script>
<script>
  window.API = new Scorm12API({ logLevel: 5 });
  var mastery = new URLSearchParams(location.search).get('mastery');
  if (mastery) window.API.cmi.student_data.mastery_score = mastery;
</script></head><body><iframe id="sco" title="Contenido SCORM" style="width:100%;height:700px;border:0"></iframe></body></html>`;
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.xml': 'application/xml' };

function serve(files: Record<string, Uint8Array>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/lms.html') return res.writeHead(200, { 'content-type': TYPES['.html'] }).end(LMS_PAGE);
    if (path === '/scorm-again.js') return res.writeHead(200, { 'content-type': TYPES['.js'] }).end(SCORM_AGAIN);
    const file = path.startsWith('/paquete/') ? files[path.slice('/paquete/'.length)] : undefined;
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(Buffer.from(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('a Mentora SCORM 1.2 package in scorm-again (issue 25)', () => {
  let browser: Browser | undefined;
  let server: Server;
  let page: Page;
  let origin = '';
  let files: Record<string, Uint8Array> = {};
  let skip: string | undefined;

  beforeAll(async () => {
    const { tokens } = await signUp('Docente Prueba');
    const { courseId } = await generateCourse(tokens.accessToken, { topic: 'Astronomía para curiosos', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    const res = await call('GET', `/courses/${courseId}/scorm`, { token: tokens.accessToken });
    if (res.status !== 200) throw new Error(`GET /courses/{id}/scorm answered ${res.status}: ${JSON.stringify(res.body)}`);
    files = unzipSync(Buffer.from(res.body.data.zip as string, 'base64'));
    // Another learner asking for it over HTTP: the same Spanish 404 as an unknown course.
    const other = await signUp('Intrusa');
    expect(await call('GET', `/courses/${courseId}/scorm`, { token: other.tokens.accessToken })).toEqual({ status: 404, body: { success: false, message: 'No encontramos ese curso.' } });
    server = await serve(files);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const problem = await browserProblem();
    const decided = browserGate(problem, inCI());
    if (!decided.run && 'fail' in decided) throw new Error(decided.fail);
    if (!decided.run) {
      skip = decided.skip;
      return;
    }
    browser = await launchChromium();
    // A context of its own: axe-core's Playwright runner needs one.
    page = await (await browser.newContext()).newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A fresh LMS session (a new Scorm12API) with one SCO of the package in its iframe. */
  async function open(href: string, mastery?: number) {
    await page.goto(`${origin}/lms.html${mastery === undefined ? '' : `?mastery=${mastery}`}`);
    await page.evaluate((src) => {
      (document.getElementById('sco') as HTMLIFrameElement).src = src;
    }, `/paquete/${href}`);
    const frame = page.frameLocator('#sco');
    await page.waitForFunction(() => (window as unknown as { API: { isInitialized(): boolean } }).API.isInitialized());
    return frame;
  }
  /** What the runtime holds: the element values an LMS would record. */
  const runtime = () =>
    page.evaluate(() => {
      const { core } = (window as unknown as { API: { cmi: { core: { lesson_status: string; score: { raw: string; min: string; max: string } } } } }).API.cmi;
      return { status: core.lesson_status, raw: core.score.raw, min: core.score.min, max: core.score.max };
    });

  it('has a well-formed manifest whose every href is in the zip, with unique identifiers', () => {
    const manifest = strFromU8(files['imsmanifest.xml']);
    expect(XMLValidator.validate(manifest)).toBe(true);
    const hrefs = [...manifest.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((h) => !files[h])).toEqual([]);
    const ids = [...manifest.matchAll(/identifier="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(manifest.match(/adlcp:scormtype="sco"/g)).toHaveLength(4 + 2);
  });

  it('a lesson SCO initializes, is incomplete until read to its end, then completed, and terminates on leaving', async () => {
    if (skip) return console.warn(`skipped: ${skip}`);
    const frame = await open('lecciones/m1-l1.html');
    expect((await runtime()).status).toBe('incomplete');
    // The learner reads down to the end of the lesson (where "He terminado esta lección" sits).
    await frame.locator('#fin-leccion').scrollIntoViewIfNeeded();
    await frame.getByText('Lección completada.').waitFor();
    expect(await frame.getByRole('button', { name: 'He terminado esta lección' }).isDisabled()).toBe(true);
    expect((await runtime()).status).toBe('completed');
    await page.evaluate(() => {
      (document.getElementById('sco') as HTMLIFrameElement).src = 'about:blank';
    });
    // LMSFinish on pagehide: the runtime's session is over, the status kept.
    await page.waitForFunction(() => (window as unknown as { API: { isTerminated(): boolean } }).API.isTerminated());
    expect((await runtime()).status).toBe('completed');
  });

  /** The interactions the SCO recorded: question id, answer letter and result, in order. */
  const interactions = () =>
    page.evaluate(() => {
      // Write-only elements for a SCO; the runtime's own JSON rendering (what it would send the LMS) reads them.
      const list = JSON.parse(JSON.stringify((window as unknown as { API: { cmi: { interactions: { childArray: unknown[] } } } }).API.cmi.interactions.childArray)) as { id: string; student_response: string; result: string }[];
      return list.map((i) => ({ id: i.id, respuesta: i.student_response, result: i.result }));
    });

  /** Answers every question of the evaluation SCO: `right(i)` says whether question i gets its key. */
  async function answer(frame: ReturnType<Page['frameLocator']>, right: (i: number) => boolean) {
    const keys = JSON.parse((await frame.locator('#claves').textContent()) ?? '{}') as Record<string, number>;
    const ids = Object.keys(keys);
    for (const [i, id] of ids.entries()) await frame.locator(`#${id}-${right(i) ? keys[id] : (keys[id] + 1) % 4}`).check();
    await frame.getByRole('button', { name: 'Comprobar respuestas' }).click();
    return ids.length;
  }

  it('an evaluation SCO answered right reports score.raw 100 and passed', async () => {
    if (skip) return console.warn(`skipped: ${skip}`);
    const frame = await open('evaluaciones/m1.html', 85);
    expect((await runtime()).status).toBe('incomplete');
    const n = await answer(frame, () => true);
    expect(n).toBeGreaterThanOrEqual(5);
    await frame.getByText(`Has acertado ${n} de ${n} (100 %). Aprobada.`).waitFor();
    expect(await runtime()).toEqual({ raw: '100', min: '0', max: '100', status: 'passed' });
    const recorded = await interactions();
    expect(recorded).toHaveLength(n);
    expect(recorded.every((i) => /^p\d+$/.test(i.id) && /^[abcd]$/.test(i.respuesta) && i.result === 'correct')).toBe(true);
  });

  it('an evaluation SCO answered wrong reports score.raw 0 and failed; two misses report their score and the mastery verdict', async () => {
    if (skip) return console.warn(`skipped: ${skip}`);
    let frame = await open('evaluaciones/m2.html', 85);
    await answer(frame, () => false);
    expect(await runtime()).toMatchObject({ raw: '0', status: 'failed' });
    expect((await interactions()).map((i) => i.result)).toEqual(expect.arrayContaining(['wrong']));
    expect((await interactions()).every((i) => i.result === 'wrong')).toBe(true);
    frame = await open('evaluaciones/m2.html', 85);
    const n = await answer(frame, (i) => i >= 2);
    const score = Math.round((100 * (n - 2)) / n);
    expect(await runtime()).toMatchObject({ raw: String(score), status: score >= 85 ? 'passed' : 'failed' });
    // The page shows which were wrong and the right answer, as the package's questions are review.
    await frame.getByText(/^Incorrecta\. La respuesta correcta es:/).first().waitFor();
  });

  it('the SCO pages are axe clean (WCAG 2.1 AA) on their own, and say when no LMS is there', async () => {
    if (skip) return console.warn(`skipped: ${skip}`);
    for (const href of ['lecciones/m1-l1.html', 'evaluaciones/m1.html']) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${origin}/paquete/${href}`);
        await page.getByText('No se encontró una plataforma SCORM: tu avance no se registrará.').waitFor();
        if (href.startsWith('lecciones/')) {
          // The lesson's diagram (the offline writer draws one per generated lesson) as static SVG: one
          // picture for the width, named for a screen reader, inside the screen (issue 43 item 5).
          const picture = page.getByRole('img', { name: /^Diagrama de proceso: / });
          expect(await picture.count()).toBe(1);
          const box = (await picture.boundingBox())!;
          expect(box.width).toBeGreaterThan(100);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        const violations = await axeViolations(page, WCAG_21_AA);
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    }
  });
});
