import axe from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core run in the page itself, injected once per document. @axe-core/playwright's AxeBuilder
// injected its 560 KB source on every call and, in its default mode, finished the run in a new blank
// page: 3-7 s a call on a loaded two-core machine, against 0.3-1 s here (measured 2026-11-29; the
// e2e files call axe about a hundred times). The SPA has no iframes, so the top document is the
// whole page; `iframes: false` says so rather than leaving frames unchecked silently.

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: string[] }[];
}

/** axe-core's violations of `tags` in the page (or only inside `include`, a CSS selector). */
export async function axeViolations(page: Page, tags: string[], include?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, include }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const result = await inPage.run(include ? { include: [[include]] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) }));
    },
    { tags, include },
  );
}

/** The serious and critical ones, one line each: `id (impact): targets`. */
export const seriousOnly = (violations: AxeViolation[]): string[] =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
