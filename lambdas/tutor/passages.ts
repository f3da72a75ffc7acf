import { contentWords } from './text-match';

// The passages of a lesson the tutor sends the model: the ones relevant to the learner's question,
// not the lesson's first characters. The lesson's Markdown is split into passages (a paragraph, a
// list or a code block, each labelled with its section heading), ranked by how many of the
// question's meaningful words they share after Spanish normalisation (accents, case, plural and
// verb endings folded by a short stem), and taken best first until the budget is spent.

/** Characters of lesson text in one tutor prompt. */
export const LESSON_CONTEXT_CHARS = 4000;
/** A passage longer than this is cut, so one long section cannot take the whole budget. */
const PASSAGE_MAX = 1200;

export interface Passage {
  seccion: string;
  texto: string;
}

/** A word's stem: enough to match "tercios"/"tercio" and "fotografía"/"fotográfica". */
const stem = (w: string) => w.replace(/(es|s)$/, '').slice(0, 6);
export const stems = (s: string) => new Set([...contentWords(s)].map(stem));

/** Blocks separated by blank lines; a fenced code block stays one block, blank lines and all. */
function blocks(markdown: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inCode = !inCode;
    if (!inCode && !line.trim()) {
      if (current.length) out.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  if (current.length) out.push(current.join('\n'));
  return out;
}

/** The lesson split into passages in reading order, each with the heading it sits under. */
export function lessonPassages(markdown: string): Passage[] {
  const passages: Passage[] = [];
  let seccion = '';
  for (const block of blocks(markdown)) {
    const lines = block.trim().split('\n');
    const heading = /^#{1,6}\s+(.+)$/.exec(lines[0]);
    if (heading) seccion = heading[1].replace(/[*_`]/g, '').trim();
    const text = (heading ? lines.slice(1) : lines).join('\n').trim();
    if (text) passages.push({ seccion, texto: text.length > PASSAGE_MAX ? `${text.slice(0, PASSAGE_MAX)}…` : text });
  }
  return passages;
}

/**
 * The passages relevant to `question` within `budget` characters, in the lesson's order. With no
 * overlap at all (a greeting, a broad question) the lesson's opening passages are sent instead.
 */
export function relevantPassages(markdown: string | undefined, question: string, budget = LESSON_CONTEXT_CHARS): Passage[] {
  const all = lessonPassages(markdown ?? '');
  const wanted = stems(question);
  const scored = all.map((p, index) => {
    const inText = stems(p.texto);
    const inHeading = stems(p.seccion);
    let score = 0;
    for (const w of wanted) score += inText.has(w) ? 1 : inHeading.has(w) ? 0.5 : 0;
    return { p, index, score };
  });
  const relevant = scored.some((s) => s.score > 0);
  const order = relevant ? [...scored].sort((a, b) => b.score - a.score || a.index - b.index).filter((s) => s.score > 0) : scored;
  const chosen: typeof scored = [];
  let used = 0;
  for (const s of order) {
    const size = s.p.texto.length + s.p.seccion.length;
    if (used + size > budget) continue;
    chosen.push(s);
    used += size;
  }
  return chosen.sort((a, b) => a.index - b.index).map((s) => s.p);
}
