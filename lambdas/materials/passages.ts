import type { Passage } from './material-items';

// Splitting a document into passages that keep their page: the unit a grounded lesson cites and the
// tutor retrieves (issue 24). Pages are separated by form feeds (\f), as text extracted page by page
// is joined; within a page, paragraphs are packed up to TARGET characters, and a paragraph longer
// than MAX is cut at sentence ends (then at spaces), so a passage is a readable quote, never a
// half-word.

export const PASSAGE_TARGET = 1000;
export const PASSAGE_MAX = 1500;

const clean = (s: string) => s.replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n */g, '\n').trim();

/** Pieces of at most `max` characters, cut after a sentence end when there is one, else at a space. */
function pieces(paragraph: string, max: number): string[] {
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const sentence = Math.max(...['. ', '? ', '! ', '… ', '; '].map((end) => window.lastIndexOf(end)));
    const space = window.lastIndexOf(' ');
    const cut = sentence > max / 3 ? sentence + 1 : space > max / 3 ? space : max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** The pages of a text: split by form feed, numbered from 1; empty pages keep their number. */
export const pagesOf = (text: string) => text.split('\f');

export function splitPassages(text: string): Passage[] {
  const passages: Passage[] = [];
  pagesOf(text).forEach((page, i) => {
    const paragraphs = clean(page)
      .split(/\n{2,}/)
      .flatMap((p) => pieces(p.replace(/\n/g, ' ').trim(), PASSAGE_MAX))
      .filter(Boolean);
    let current = '';
    for (const p of paragraphs) {
      if (current && current.length + 1 + p.length > PASSAGE_TARGET) {
        passages.push({ pagina: i + 1, texto: current });
        current = p;
      } else current = current ? `${current}\n${p}` : p;
    }
    if (current) passages.push({ pagina: i + 1, texto: current });
  });
  return passages;
}
