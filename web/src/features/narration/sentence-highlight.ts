import { normalize } from './marks';

// The sentence being read, highlighted inside its block with the CSS Custom Highlight API: a Range over
// the lesson's own text nodes, painted by `::highlight(narracion-frase)` (index.css), so React's markup is
// never touched and a re-render cannot undo or duplicate it. Browsers without the API keep the block's mark.

export const SENTENCE_HIGHLIGHT = 'narracion-frase';

interface Origin {
  node: Text;
  offset: number;
}

/** The block's text as `normalize` compares it, character by character, with where each character came from. */
function normalizedText(block: HTMLElement): { text: string; origin: Origin[] } {
  let text = '';
  const origin: Origin[] = [];
  let spaced = true;
  const walker = block.ownerDocument.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    // A source mark ([1]) is a button in the page and is not read aloud.
    if (node.parentElement?.closest('button')) continue;
    for (let i = 0; i < node.data.length; i++) {
      const plain = node.data[i].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      if (!plain) continue;
      if (/^[\p{L}\p{N}]+$/u.test(plain)) {
        for (const ch of plain) {
          text += ch;
          origin.push({ node, offset: i });
        }
        spaced = false;
      } else if (!spaced) {
        text += ' ';
        origin.push({ node, offset: i });
        spaced = true;
      }
    }
  }
  return { text, origin };
}

/** Where `sentence` (as Polly read it) is in `block`'s rendered text, at or after `from` (a normalized offset). */
export function sentenceRange(block: HTMLElement, sentence: string, from = 0): { range: Range; end: number } | undefined {
  const wanted = normalize(sentence);
  if (!wanted) return undefined;
  const { text, origin } = normalizedText(block);
  let at = text.indexOf(wanted, from);
  if (at < 0 && from > 0) at = text.indexOf(wanted);
  if (at < 0) return undefined;
  const start = origin[at];
  const last = origin[at + wanted.length - 1];
  const range = block.ownerDocument.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(last.node, last.offset + 1);
  return { range, end: at + wanted.length };
}

interface HighlightApi {
  registry: { set(name: string, value: unknown): void; delete(name: string): void };
  Highlight: new (...ranges: Range[]) => unknown;
}
const highlightApi = (): HighlightApi | undefined => {
  const registry = (globalThis.CSS as unknown as { highlights?: HighlightApi['registry'] } | undefined)?.highlights;
  const Highlight = (globalThis as unknown as { Highlight?: HighlightApi['Highlight'] }).Highlight;
  return registry && Highlight ? { registry, Highlight } : undefined;
};

/** Paints `range` as the sentence being read (or clears it); false where the browser lacks the API. */
export function showSentence(range: Range | undefined): boolean {
  const api = highlightApi();
  if (!api) return false;
  if (range) api.registry.set(SENTENCE_HIGHLIGHT, new api.Highlight(range));
  else api.registry.delete(SENTENCE_HIGHLIGHT);
  return true;
}
