// First paint of `/` (the login page, signed out) as `npm start` serves it now (the production build)
// and as it served it before issue 34 (Vite's dev server, now `npm run dev`): first paint, first
// contentful paint, the login form in the page, requests and bytes, each visit in a new browser context
// (an empty HTTP cache). The first visit after a start is reported apart (on the dev server it includes
// Vite pre-bundling the dependencies into an empty cache, as on a fresh clone), then the median of
// FIRST_PAINT_RUNS more. No throttling: the figures are this machine's, useful side by side.
// Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium); one local stack at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { spawnStack } from '../../test/support/spawn-stack';
import { buildForChromium, CHROME } from './web-dist';

const RUNS = Number(process.env.FIRST_PAINT_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Visit {
  fp: number;
  fcp: number;
  lcp: number;
  form: number;
  requests: number;
  kb: number;
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  try {
    const page = await context.newPage();
    let requests = 0;
    page.on('request', () => void requests++);
    // When the login form's button enters the page, stamped by the page itself (Playwright's own
    // polling would add its interval to the figure).
    await page.addInitScript(() => {
      const w = window as unknown as { __formAt?: number };
      const seen = new MutationObserver(() => {
        if ([...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Iniciar sesión')) {
          w.__formAt = performance.now();
          seen.disconnect();
        }
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const form = await page.evaluate(() => (window as unknown as { __formAt?: number }).__formAt ?? NaN);
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const t = await page.evaluate(() => ({
      fp: performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce((n, e) => n + ((e as PerformanceResourceTiming).transferSize || 0), 0),
    }));
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(NaN), 2000);
        }),
    );
    return { fp: t.fp, fcp: t.fcp, lcp, form, requests, kb: t.bytes / 1024 };
  } finally {
    await context.close();
  }
}

const row = (label: string, v: Visit) =>
  `  ${label.padEnd(54)} FP ${Math.round(v.fp).toString().padStart(5)} ms  FCP ${Math.round(v.fcp).toString().padStart(5)} ms  LCP ${Math.round(v.lcp).toString().padStart(5)} ms  form ${Math.round(v.form).toString().padStart(5)} ms  ${v.requests.toString().padStart(3)} requests  ${Math.round(v.kb).toString().padStart(5)} KB`;

async function measure(browser: Browser, web: 'dev' | 'dist', label: string) {
  const cache = mkdtempSync(join(tmpdir(), 'mentora-vite-cache-'));
  process.env.MENTORA_VITE_CACHE_DIR = cache;
  const stack = await spawnStack({ port: 0, web });
  try {
    const first = await visit(browser, `${stack.url}/`);
    const runs: Visit[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, `${stack.url}/`));
    const med: Visit = {
      fp: median(runs.map((r) => r.fp)),
      fcp: median(runs.map((r) => r.fcp)),
      lcp: median(runs.map((r) => r.lcp)),
      form: median(runs.map((r) => r.form)),
      requests: median(runs.map((r) => r.requests)),
      kb: median(runs.map((r) => r.kb)),
    };
    console.log(row(`${label}, first visit after start`, first));
    console.log(row(`${label}, median of ${RUNS}`, med));
    return med;
  } finally {
    await stack.stop();
    rmSync(cache, { recursive: true, force: true });
    delete process.env.MENTORA_VITE_CACHE_DIR;
  }
}

async function main() {
  if (!buildForChromium('web-first-paint')) return;
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    console.log('web-first-paint: / signed out, cold browser cache, 1280 x 900, no throttling');
    const before = await measure(browser, 'dev', 'dev server (npm run dev)');
    const after = await measure(browser, 'dist', 'production build (npm start)');
    // FP and FCP are the inline splash of index.html on both servers; the login form is what differs.
    console.log(`web-first-paint (medians, dev → build): FCP ${Math.round(before.fcp)} → ${Math.round(after.fcp)} ms, LCP ${Math.round(before.lcp)} → ${Math.round(after.lcp)} ms, form ${Math.round(before.form)} → ${Math.round(after.form)} ms, ${before.requests} → ${after.requests} requests, ${Math.round(before.kb)} → ${Math.round(after.kb)} KB`);
  } finally {
    await browser.close();
  }
}

void main();
