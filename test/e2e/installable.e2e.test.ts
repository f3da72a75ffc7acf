import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchPersistentChromium } from '../support/e2e-browser';
import { api, BASE, describeE2E, learnerWithCourse, problemsAtBothWidths, registeredLearner, signIn, until } from './helpers';

// Issue 44 item 1: the production build is installable. Lighthouse 12 (the version pinned here, the last on
// Node 20) no longer has an installability audit, so this checks what its `installable-manifest` audit
// checked, in Debian's Chromium: Chromium's own verdict (`Page.getInstallabilityErrors`, which that audit
// read), the manifest's fields and icons, and a service worker controlling the page with a fetch handler
// (the document served by it). And the worker is not in the way: the API's and the local stack's own pages
// are never answered with the cached shell, and nothing under /api is cached.
// Items 1-4 offline, in the same kind of browser (a worker needs it; the journeys' contexts block workers): a
// learner downloads a course, reloads with no connection (still signed in, the course there), answers a
// self-check into the outbox, comes back online and it is graded once; signing out leaves nothing, and
// another account in that browser sees no download.

/** A PNG's width and height from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describeE2E('installable web app (issue 44)', () => {
  it('manifest in Spanish, icons, a worker with a fetch handler, Chromium says installable', async () => {
    // Its own Chromium with a real profile: the run's shared one makes incognito contexts, never installable.
    const profile = mkdtempSync(join(tmpdir(), 'mentora-install-'));
    const context = await launchPersistentChromium(profile, { width: 390, height: 844 });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto(`${BASE}/login`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Registered after load and idle; the first install takes the page (clientsClaim).
      await until(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the service worker controls the page', 30_000);

      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifestUrl = new URL(href!, BASE);
      const manifest = (await (await fetch(manifestUrl)).json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
      expect(manifest).toMatchObject({ lang: 'es', short_name: 'Mentora', display: 'standalone', theme_color: '#4f46e5', start_url: '/dashboard', scope: '/' });
      expect(String(manifest.name)).toMatch(/^Mentora/);
      expect(new URL(String(manifest.start_url), manifestUrl).href.startsWith(new URL(String(manifest.scope), manifestUrl).href)).toBe(true);
      const sizes: string[] = [];
      for (const icon of manifest.icons) {
        const bytes = Buffer.from(await (await fetch(new URL(icon.src, manifestUrl))).arrayBuffer());
        const { width, height } = pngSize(bytes);
        expect(`${width}x${height}`).toBe(icon.sizes);
        sizes.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
      }
      expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

      // Chromium's own installability check (what Lighthouse's installable-manifest audit reported).
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);

      // The worker has a fetch handler: a reload's document comes from it (the precached shell).
      const doc = await page.reload();
      expect(doc?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1 }).waitFor();

      // Server paths are not the shell: an API answer and a local control stay the server's.
      const api = await page.goto(`${BASE}/api/no-such-route`);
      expect(api?.fromServiceWorker()).toBe(false);
      expect(await api?.headerValue('content-type')).toMatch(/json/);
      const mail = await page.goto(`${BASE}/__local/mail?to=nadie@example.com`);
      expect(mail?.fromServiceWorker()).toBe(false);
      expect(await page.locator('#root').count()).toBe(0);
      await page.goto(`${BASE}/login`);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      });
      expect(cached).toContain('/index.html');
      expect(cached.filter((p) => p.startsWith('/api') || p.startsWith('/__local'))).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('offline study: download a course, reload offline, read it, answer a self-check, sent once back online; sign-out erases it', async () => {
    const { learner, token, courseId } = await learnerWithCourse();
    const profile = mkdtempSync(join(tmpdir(), 'mentora-offline-'));
    const context = await launchPersistentChromium(profile, { width: 390, height: 844 });
    const page = context.pages()[0] ?? (await context.newPage());
    const answered = async () => (await api('GET', '/api/payments/plan', token)).data.uso.porDia.respuestasAbiertas.usados as number;
    const shots = process.env.MENTORA_OFFLINE_SHOTS ?? '/tmp/shots/offline';
    mkdirSync(shots, { recursive: true });
    const shot = (name: string) => (width: number) => page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true }).then(() => undefined);
    try {
      await signIn(page, learner);
      await until(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the service worker controls the page', 30_000);
      await page.goto(`${BASE}/course/${courseId}?modulo=m01&leccion=l01`);
      await page.getByRole('button', { name: 'Descargar para estudiar sin conexión' }).click();
      await page.getByText(/^Curso descargado: [\d,.]+ (KB|MB)\. Ya puedes estudiarlo sin conexión\.$/).waitFor();
      expect(await problemsAtBothWidths(page, shot('curso-descargado'))).toEqual([]);
      const lessonText = (await page.locator('#leccion-titulo').textContent()) ?? '';

      // No connection, and a reload: the shell from the worker, still signed in, the lesson from the copy.
      await context.setOffline(true);
      await page.reload();
      await page.getByText(/^Sin conexión ves la copia descargada el /).waitFor();
      expect(await page.locator('#leccion-titulo').textContent()).toBe(lessonText);
      const box = page.getByLabel('Tu respuesta, con tus palabras').first();
      await box.fill('La luz del Sol tarda unos ocho minutos en llegar a la Tierra');
      await page.getByRole('button', { name: 'Comprobar mi respuesta' }).first().click();
      await page.getByText(/Todavía no se ha enviado\./).first().waitFor();
      await page.getByText('1 respuesta de autoevaluación espera en este dispositivo', { exact: false }).waitFor();
      expect(await answered()).toBe(0);
      expect(await problemsAtBothWidths(page, shot('curso-sin-conexion'))).toEqual([]);
      await page.goto(`${BASE}/dashboard`);
      await page.getByText(/^Estás sin conexión: ves los cursos que descargaste/).waitFor();
      await page.getByText('Disponible sin conexión').waitFor();
      expect(await problemsAtBothWidths(page, shot('dashboard-sin-conexion'))).toEqual([]);

      // Back online: the course page sends the outbox, once.
      await context.setOffline(false);
      await page.goto(`${BASE}/course/${courseId}?modulo=m01&leccion=l01`);
      await until(async () => (await answered()) === 1, 'the self-check sent', 20_000);
      await until(async () => (await page.getByText(/esperan? en este dispositivo/).count()) === 0, 'the notice gone', 10_000);
      await page.reload();
      await page.getByText('Disponible sin conexión').waitFor();
      expect(await answered()).toBe(1);

      // Signing out erases it; another account in this browser finds no download.
      await page.getByRole('button', { name: /Abrir el menú de usuario/ }).click();
      await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await until(async () => (await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''))).every((n) => !n.startsWith('mentora-sin-conexion')), 'no offline data left', 10_000);
      await signIn(page, await registeredLearner());
      await context.setOffline(true);
      await page.reload();
      await page.getByText('No hay conexión con el servidor. Inténtalo de nuevo.').waitFor();
      expect(await page.getByText('Disponible sin conexión').count()).toBe(0);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
