import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchPersistentChromium } from '../support/e2e-browser';
import { BASE, describeE2E, until } from './helpers';

// Issue 44 item 1: the production build is installable. Lighthouse 12 (the version pinned here, the last on
// Node 20) no longer has an installability audit, so this checks what its `installable-manifest` audit
// checked, in Debian's Chromium: Chromium's own verdict (`Page.getInstallabilityErrors`, which that audit
// read), the manifest's fields and icons, and a service worker controlling the page with a fetch handler
// (the document served by it). And the worker is not in the way: the API's and the local stack's own pages
// are never answered with the cached shell, and nothing under /api is cached.

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
});
