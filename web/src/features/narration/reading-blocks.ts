import type { Block, BlockKind } from './marks';

// The rendered lesson's blocks, in reading order, and the mark of the one being read. The highlight
// is an attribute on the block (data-narrando), styled by the lesson's container: React never set it,
// so a re-render of the Markdown leaves it alone, and nothing in the lesson's markup changes.

// A folded answer's <summary> stands for its heading ("#### Solución" is shown as "Ver la solución del ejercicio").
const SELECTOR = 'h1, h2, h3, h4, h5, h6, summary, p, li, pre, table';
export const READING_ATTR = 'data-narrando';

/** The blocks Polly reads one by one: a list item holding paragraphs is read through them, and nothing inside code or a table is a block of its own. */
export function readingBlocks(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(SELECTOR)].filter((el) => {
    if (el.parentElement?.closest('pre, table')) return false;
    return !(el.tagName === 'LI' && el.querySelector('p'));
  });
}

const kindOf = (el: HTMLElement): BlockKind => (el.tagName === 'PRE' ? 'code' : el.tagName === 'TABLE' ? 'table' : 'text');
export const blocksOf = (elements: readonly HTMLElement[]): Block[] => elements.map((el) => ({ kind: kindOf(el), text: el.textContent ?? '' }));

/**
 * Marks `el` as the block being read (and no other). A block inside a folded answer (a closed
 * <details>) is not shown, so its disclosure is marked instead of opening what the learner did not ask to see.
 */
export function markReading(container: HTMLElement, el: HTMLElement | undefined): HTMLElement | undefined {
  for (const old of container.querySelectorAll(`[${READING_ATTR}]`)) old.removeAttribute(READING_ATTR);
  if (!el) return undefined;
  const folded = el.closest('details:not([open])');
  const shown = folded instanceof HTMLElement ? folded : el;
  shown.setAttribute(READING_ATTR, '');
  return shown;
}

/** Whether any part of `el` is inside the window: the learner is still where the reading is. */
export function inView(el: HTMLElement): boolean {
  const box = el.getBoundingClientRect();
  return box.bottom > 0 && box.top < (window.innerHeight || document.documentElement.clientHeight);
}
