// Draws the web app's install icons (issue 44) from the logo, with Debian's Chromium (no download):
// web/public/icons/icon-192.png and icon-512.png (the rounded mark, transparent corners, purpose "any")
// and icon-maskable-512.png (full-bleed brand gradient, the mark inside the central 60 %, so any
// launcher's circle or squircle mask keeps it whole: the maskable safe zone is the central 80 % circle).
// Run once after the logo changes: `npx tsx scripts/web/pwa-icons.ts`; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../../test/support/e2e-browser';

const OUT = join(__dirname, '..', '..', 'web', 'public', 'icons');
const GRADIENT = '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>';
const MARK = '<path d="M9 28V13l11 8 11-8v15" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="20" cy="10" r="2.4" fill="#fde68a"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${GRADIENT}<rect width="40" height="40" rx="11" fill="url(#g)"/>${MARK}</svg>`;
// The mark's drawing spans about 25 of 40 units; scaled by 0.75 about the centre it fills the central ~47 %.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${GRADIENT}<rect width="40" height="40" fill="url(#g)"/><g transform="translate(5 5.5) scale(0.75)">${MARK}</g></svg>`;

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const [name, svg, size] of [['icon-192.png', rounded, 192], ['icon-512.png', rounded, 512], ['icon-maskable-512.png', maskable, 512]] as const) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
      await page.screenshot({ path: join(OUT, name), omitBackground: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

void main();
